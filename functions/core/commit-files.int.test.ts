/**
 * "Write, then record" on the emulators: files written before their transaction carry the pending
 * tag in S3 (the lifecycle rule expires them; fauxqs runs no lifecycle, so the tag is what can be
 * proved), the commit after the transaction removes it, and a failed transaction leaves it on.
 */
import { PENDING_TAG } from '@shared/deployment';
import { afterAll, describe, expect, it } from 'vitest';
import * as images from '../test-support/images';
import { tagsOf } from '../test-support/storage';
import { createTestApp } from '../test-support/test-app';
import { migrateSessionUploads } from './account/migrate-uploads';
import type { Deps } from './deps';
import type { Principal } from './ports';
import { completeUpload } from './uploads/complete-upload';
import { originalKeyFor } from './uploads/create-upload';

const { deps, purgeRenderQueue, uploadPhoto } = createTestApp();
const pending = { [PENDING_TAG.key]: PENDING_TAG.value };

afterAll(async () => {
  await purgeRenderQueue();
});

const parentOf = (sessionId: string): Extract<Principal, { kind: 'user' }> => ({
  kind: 'user',
  sub: crypto.randomUUID(),
  sessionId,
  isAdmin: false,
});

describe('files written before their transaction (S3 emulator + DynamoDB Local)', () => {
  it("migration's copy is pending while the transaction runs and untagged after it", async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(2));
    const parent = parentOf(sessionId);
    const seen: Record<string, string>[] = [];
    const watching: Deps = {
      ...deps,
      uploads: {
        ...deps.uploads,
        migrate: async (plans) => {
          for (const plan of plans) seen.push(await tagsOf('uploads', plan.fileKey));
          return deps.uploads.migrate(plans);
        },
      },
    };
    await migrateSessionUploads(watching, parent);
    expect(seen).toEqual([pending]);
    const { upload } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(await tagsOf('uploads', upload.fileKey!)).toEqual({});
  });

  it('a migration whose transaction fails leaves the copy pending, for S3 to expire', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(3));
    const parent = parentOf(sessionId);
    const failing: Deps = {
      ...deps,
      uploads: {
        ...deps.uploads,
        migrate: async () => {
          throw new Error('the transaction failed');
        },
      },
    };
    await expect(migrateSessionUploads(failing, parent)).rejects.toThrow('the transaction failed');
    const copy = originalKeyFor({ id: uploadId, owner: `user:${parent.sub}` });
    expect(await deps.blobs.head('uploads', copy)).not.toBeNull();
    expect(await tagsOf('uploads', copy)).toEqual(pending);
    expect((await deps.uploads.getUploadWithJobs(uploadId))?.upload.owner).toBe(`session:${sessionId}`);
  });

  it("complete keeps a visitor's original anonymous and pending until the upload is ready, then only anonymous", async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(4), { complete: false });
    const seen: Record<string, string>[] = [];
    const watching: Deps = {
      ...deps,
      uploads: {
        ...deps.uploads,
        markReadyWithJobs: async (upload, fileKey, jobs) => {
          seen.push(await tagsOf('uploads', fileKey));
          return deps.uploads.markReadyWithJobs(upload, fileKey, jobs);
        },
      },
    };
    const view = await completeUpload(watching, { kind: 'visitor', sessionId }, uploadId);
    expect(view.status).toBe('ready');
    expect(seen).toEqual([{ retention: 'anonymous', ...pending }]);
    const { upload } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(await tagsOf('uploads', upload.fileKey!)).toEqual({ retention: 'anonymous' });
  });

  it('a complete whose transaction fails leaves the original pending', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(5), { complete: false });
    const failing: Deps = {
      ...deps,
      uploads: {
        ...deps.uploads,
        markReadyWithJobs: async () => {
          throw new Error('the transaction failed');
        },
      },
    };
    await expect(completeUpload(failing, { kind: 'visitor', sessionId }, uploadId)).rejects.toThrow(
      'the transaction failed',
    );
    const fileKey = originalKeyFor({ id: uploadId, owner: `session:${sessionId}` });
    expect(await tagsOf('uploads', fileKey)).toEqual({ retention: 'anonymous', ...pending });
  });
});
