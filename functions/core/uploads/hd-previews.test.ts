/**
 * The owner's growth clip without the watermark: each unlocked age at the preview's size, as a data
 * URL, for the owner only. Over in-memory fakes (the real shrinking: the image engine's test).
 */
import type { TargetAge } from '@shared/catalog';
import { isHdSourceKey } from '@shared/deployment';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import { createFakeHostedAgeing, succeeded } from '../../test-support/fakes/hosted-ageing';
import { parent, uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import { checkPrediction } from '../render/hosted-render';
import { renderBatch } from '../render/render-batch';
import { downloadHd } from './hd-download';
import { getHdPreviews } from './hd-previews';

const PREVIEW_SIZE = 640;

const unlock = (deps: FakeDeps, uploadId: string, ages: readonly TargetAge[]) => {
  for (const age of ages) deps.table.jobs.get(uploadId)!.get(age)!.hdUnlocked = true;
};
const jobOf = async (deps: FakeDeps, uploadId: string, age: TargetAge) =>
  (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((job) => job.age === age)!;
const decode = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1]!, 'base64');

/** Mean absolute difference per channel of two images at the preview's size. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const raw = (image: Buffer) =>
    sharp(image).resize(PREVIEW_SIZE, PREVIEW_SIZE).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('the unmarked previews of the growth clip', () => {
  it('gives the owner each unlocked age, youngest first, as the HD picture at the preview’s size', async () => {
    const deps = fakeDeps();
    const owner = parent();
    const uploadId = await uploadedPhoto(deps, owner);
    unlock(deps, uploadId, [21, 10]);

    const { images } = await getHdPreviews(deps, owner, uploadId);
    expect(images.map((image) => image.age)).toEqual([10, 21]);
    for (const { age, image } of images) {
      expect(image).toMatch(/^data:image\/jpeg;base64,/);
      const jpeg = decode(image);
      const meta = await sharp(jpeg).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 640, 640, undefined]);
      const hd = await deps.blobs.get('renders', (await jobOf(deps, uploadId, age as TargetAge)).hdKey!);
      expect(await meanDifference(jpeg, hd)).toBeLessThan(3);
    }
  });

  it('answers "No HD images available to download" while nothing is unlocked', async () => {
    const deps = fakeDeps();
    const owner = parent();
    const uploadId = await uploadedPhoto(deps, owner);
    await expect(getHdPreviews(deps, owner, uploadId)).rejects.toMatchObject({
      kind: 'not_found',
      messageKey: 'noHdToDownload',
    });
  });

  it('refuses anyone but the owner, signed in or a visitor holding the link', async () => {
    const deps = fakeDeps();
    const owner = parent();
    const uploadId = await uploadedPhoto(deps, owner);
    unlock(deps, uploadId, [10, 16, 21]);
    await expect(getHdPreviews(deps, parent(), uploadId)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(getHdPreviews(deps, visitor(), uploadId)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(getHdPreviews(deps, owner, crypto.randomUUID())).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('shrinks a hosted render’s source without making its HD file, and follows a download that made it', async () => {
    const deps = fakeDeps();
    const hosted = createFakeHostedAgeing();
    deps.imageAI.hostedAgeing = hosted;
    const owner = parent();
    const uploadId = await uploadedPhoto(deps, owner, { render: false });
    await renderBatch(deps, deps.renderQueue.take());
    for (const age of [10, 16, 21] as const) {
      const id = (await jobOf(deps, uploadId, age)).prediction!.id;
      hosted.states.set(id, await succeeded(`aged ${age}`));
      await checkPrediction(deps, id);
    }
    unlock(deps, uploadId, [10, 16, 21]);

    const { images } = await getHdPreviews(deps, owner, uploadId);
    expect(images).toHaveLength(3);
    expect(deps.hdEnlarger.enlarged).toBe(0);
    expect(isHdSourceKey((await jobOf(deps, uploadId, 16)).hdKey!)).toBe(true);

    // Read the job with its source, then a first download replaces and deletes that source.
    const stale = await deps.uploads.getUploadWithJobs(uploadId);
    await downloadHd(deps, owner, uploadId, { ages: [16], disposition: 'attachment' });
    let first = true;
    const racing = {
      ...deps,
      uploads: {
        ...deps.uploads,
        getUploadWithJobs: async (id: string) => {
          if (!first) return deps.uploads.getUploadWithJobs(id);
          first = false;
          return stale;
        },
      },
    };
    const after = await getHdPreviews(racing, owner, uploadId);
    expect(after.images.map((image) => image.age)).toEqual([10, 16, 21]);
  });
});
