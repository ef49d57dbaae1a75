import { storageKeys } from '@shared/deployment';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import { migrateSessionUploads } from '../account/migrate-uploads';
import type { RemoveBackgroundOutput } from '../image-ai';
import type { Principal } from '../ports';
import { createCutout, cutoutKeys } from './cutouts';

/** Background removal stands in here (it has its own tests): a 6×4 cut-out, counted. */
async function setup(principal: Principal) {
  const deps = fakeDeps();
  const uploadId = await uploadedPhoto(deps, principal, { render: false });
  const calls: unknown[] = [];
  const png = await sharp({ create: { width: 6, height: 4, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
  const source = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#00ff00' } })
    .jpeg()
    .toBuffer();
  const output: RemoveBackgroundOutput = {
    png,
    source,
    mask: { data: new Uint8Array(24).fill(128), width: 6, height: 4, channels: 1 },
  };
  deps.imageAI.removeBackground = async (input) => {
    calls.push(input);
    return output;
  };
  return { deps, uploadId, calls, png, source };
}

describe('cut-outs', () => {
  it("stores the cut-out and its source privately beside a visitor's photo, with the visitor expiry", async () => {
    const who = visitor();
    const { deps, uploadId, png } = await setup(who);
    const view = await createCutout(deps, who, uploadId);
    expect(view).toMatchObject({ uploadId, width: 6, height: 4 });
    const owner = `session:${who.sessionId}` as const;
    const stored = deps.blobs.object('uploads', storageKeys.cutout(owner, uploadId));
    expect(stored?.body.equals(png)).toBe(true);
    expect(stored?.anonymous).toBe(true);
    expect(deps.blobs.object('uploads', storageKeys.cutoutSource(owner, uploadId))?.anonymous).toBe(true);
    // Its copy for free keepsakes, made by the renderer from the cut-out.
    const copy = deps.blobs.object('uploads', storageKeys.cutoutCopy(owner, uploadId));
    expect(copy?.body.equals(await deps.keepsakes.cutoutCopy(png))).toBe(true);
    expect(copy?.anonymous).toBe(true);
    expect((await deps.uploads.getUploadWithJobs(uploadId))?.upload.cutout).toBeDefined();
  });

  it('writes the cut-out files pending and commits them once the upload records the cut-out', async () => {
    const who = parent();
    const { deps, uploadId } = await setup(who);
    const owner = `user:${who.sub}` as const;
    const files = [storageKeys.cutout, storageKeys.cutoutCopy, storageKeys.cutoutSource].map((key) =>
      key(owner, uploadId),
    );
    const save = deps.uploads.saveCutout.bind(deps.uploads);
    const atSave: boolean[] = [];
    deps.uploads.saveCutout = async (id, cutout, owner) => {
      atSave.push(...files.map((key) => Boolean(deps.blobs.object('uploads', key)?.pending)));
      return save(id, cutout, owner);
    };
    await createCutout(deps, who, uploadId);
    expect(atSave).toEqual([true, true, true]);
    expect(files.map((key) => deps.blobs.object('uploads', key)?.pending)).toEqual([false, false, false]);
  });

  it('leaves the cut-out files pending when recording the cut-out fails', async () => {
    const who = parent();
    const { deps, uploadId } = await setup(who);
    deps.uploads.saveCutout = async () => {
      throw new Error('DynamoDB is unreachable');
    };
    await expect(createCutout(deps, who, uploadId)).rejects.toThrow('DynamoDB is unreachable');
    const owner = `user:${who.sub}` as const;
    expect(deps.blobs.object('uploads', storageKeys.cutout(owner, uploadId))?.pending).toBe(true);
  });

  it('removes the background once: asking again answers the stored cut-out with fresh links', async () => {
    const who = parent();
    const { deps, uploadId, calls } = await setup(who);
    await createCutout(deps, who, uploadId);
    const again = await createCutout(deps, who, uploadId);
    expect(calls).toHaveLength(1);
    expect(again).toMatchObject({ uploadId, width: 6, height: 4 });
  });

  it("treats another family's photo as not found and removes nothing", async () => {
    const { deps, uploadId, calls } = await setup(visitor());
    for (const stranger of [visitor(), parent()]) {
      await expect(createCutout(deps, stranger, uploadId)).rejects.toMatchObject({ kind: 'not_found' });
    }
    expect(calls).toHaveLength(0);
  });

  it('leaves nothing behind when the photo is deleted while the background is removed', async () => {
    const who = visitor();
    const { deps, uploadId } = await setup(who);
    const remove = deps.imageAI.removeBackground;
    deps.imageAI.removeBackground = async (input) => {
      const output = await remove(input);
      const found = await deps.uploads.getUploadWithJobs(uploadId);
      if (found) await deps.uploads.deleteUpload(found.upload, found.jobs);
      return output;
    };
    await expect(createCutout(deps, who, uploadId)).rejects.toMatchObject({ kind: 'not_found' });
    expect(deps.blobs.keys('uploads').filter((key) => key.includes('cutout'))).toEqual([]);
  });

  it('follows a photo that joined an account while its cut-out was made: the files end where it now is', async () => {
    const sessionId = crypto.randomUUID();
    const { deps, uploadId, calls } = await setup(visitor(sessionId));
    const user = parent({ sessionId });
    const remove = deps.imageAI.removeBackground;
    deps.imageAI.removeBackground = async (input) => {
      // The parent signs in in another tab while the first removal runs.
      if (calls.length === 0) await migrateSessionUploads(deps, user);
      return remove(input);
    };
    await createCutout(deps, user, uploadId);
    const { upload } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(upload.owner).toBe(`user:${user.sub}`);
    expect(upload.cutout).toBeDefined();
    for (const key of cutoutKeys(upload)) expect(deps.blobs.object('uploads', key)?.pending).toBe(false);
    // Nothing left at the visitor's place to expire from under the record.
    expect(deps.blobs.keys('uploads').filter((key) => key.startsWith('temp/'))).toEqual([]);
    expect(calls).toHaveLength(2);
  });
});
