/**
 * A render that finishes while its upload is deleted or migrated: the worker must not leave files
 * nobody records, nor anonymous tags on a parent's renders. The race is forced by running the
 * deletion or migration inside the job's own completion step.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Deps } from '../core/deps';
import { useLocalEnv } from '../test-support/local-env';

const _env = useLocalEnv();
const { callRoute, purgeRenderQueue } = await import('../test-support/invoke');
const images = await import('../test-support/images');
const { getDeps } = await import('../adapters/deps');
const { renderJob } = await import('../core/render/render-job');
const { eraseUpload } = await import('../core/uploads/delete-upload');
const { claimsOf, newParent } = await import('../test-support/cognito');
const { objectsOfUpload, tagsOf } = await import('../test-support/storage');
const { uploadPhoto } = await import('../test-support/uploads');

afterAll(async () => {
  await purgeRenderQueue();
});

/** Deps whose completeJob first runs `meanwhile`, as if it happened while the worker rendered. */
function withRace(meanwhile: () => Promise<void>): Deps {
  const deps = getDeps();
  return {
    ...deps,
    uploads: {
      ...deps.uploads,
      completeJob: async (...args) => {
        await meanwhile();
        return deps.uploads.completeJob(...args);
      },
    },
  };
}

describe('render worker races', () => {
  it('deletes its own files when the upload was deleted while it rendered', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(2));
    const deps = withRace(async () => {
      const found = await getDeps().uploads.getUploadWithJobs(uploadId);
      expect(await eraseUpload(getDeps(), found!.upload, found!.jobs)).toBe(true);
    });
    const outcome = await renderJob(deps, { uploadId, age: 10 });
    expect(outcome).toEqual({ outcome: 'skipped', reason: 'not-processing' });
    expect(await objectsOfUpload(getDeps().blobs, uploadId)).toEqual([]);
  });

  it('clears the anonymous tag of renders that land after the upload joined an account', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(3));
    const parent = await newParent();
    const deps = withRace(async () => {
      const migrated = await callRoute('migrateUploads', {
        claims: await claimsOf(parent.idToken),
        body: { sessionId },
      });
      expect(migrated.json).toEqual({ migrated: [{ upload_id: uploadId }] });
    });
    const outcome = await renderJob(deps, { uploadId, age: 16 });
    expect(outcome.outcome).toBe('done');
    const job = (await getDeps().uploads.getUploadWithJobs(uploadId))!.jobs.find((j) => j.age === 16)!;
    expect(await tagsOf('renders', job.previewKey!)).toEqual({});
    expect(await tagsOf('renders', job.hdKey!)).toEqual({});
  });
});
