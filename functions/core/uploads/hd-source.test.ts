/**
 * A hosted render is stored at its model's size; its first HD download makes the 2000 px file,
 * records it in place of the source and deletes the source. Over in-memory fakes.
 */
import type { TargetAge } from '@shared/catalog';
import { isHdSourceKey } from '@shared/deployment';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import { createFakeHostedAgeing, succeeded } from '../../test-support/fakes/hosted-ageing';
import { parent, uploadedPhoto } from '../../test-support/fakes/scenes';
import { DomainError } from '../errors';
import { checkPrediction } from '../render/hosted-render';
import { renderBatch } from '../render/render-batch';
import { deleteUpload } from './delete-upload';
import { downloadHd } from './hd-download';

const jobOf = async (deps: FakeDeps, uploadId: string, age: TargetAge) =>
  (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((job) => job.age === age)!;

/** A parent's photo rendered by the hosted model (a small answer), its HD unlocked. */
async function boughtHostedRenders() {
  const deps = fakeDeps();
  const hosted = createFakeHostedAgeing();
  deps.imageAI.hostedAgeing = hosted;
  const owner = parent();
  const uploadId = await uploadedPhoto(deps, owner, { render: false });
  expect(await renderBatch(deps, deps.renderQueue.take())).toEqual([]);
  for (const age of [10, 16, 21] as const) {
    const id = (await jobOf(deps, uploadId, age)).prediction!.id;
    hosted.states.set(id, await succeeded(`aged ${age}`));
    expect(await checkPrediction(deps, id)).toMatchObject({ outcome: 'done' });
    deps.table.jobs.get(uploadId)!.get(age)!.hdUnlocked = true;
  }
  return { deps, owner, uploadId };
}

const download = (deps: FakeDeps, owner: ReturnType<typeof parent>, uploadId: string, ages: number[]) =>
  downloadHd(deps, owner, uploadId, { ages, disposition: 'attachment' });

describe('a hosted render’s HD file, made on its first download', () => {
  it('stores the model’s answer as it came, not an HD file nobody may buy', async () => {
    const { deps, uploadId } = await boughtHostedRenders();
    const job = await jobOf(deps, uploadId, 10);
    expect(isHdSourceKey(job.hdKey!)).toBe(true);
    const source = await sharp(await deps.blobs.get('renders', job.hdKey!)).metadata();
    expect(source.width).toBeLessThan(2000);
    expect(deps.hdEnlarger.enlarged).toBe(0);
  });

  it('enlarges it to 2000 px on the first download, records it, deletes the source, and only once', async () => {
    const { deps, owner, uploadId } = await boughtHostedRenders();
    const sourceKey = (await jobOf(deps, uploadId, 16)).hdKey!;

    const { files } = await download(deps, owner, uploadId, [16]);
    const hdKey = (await jobOf(deps, uploadId, 16)).hdKey!;
    expect(isHdSourceKey(hdKey)).toBe(false);
    expect(files[0].url).toContain(hdKey);
    const hd = await sharp(await deps.blobs.get('renders', hdKey)).metadata();
    expect([hd.format, hd.width, hd.height]).toEqual(['jpeg', 2000, 2000]);
    expect(deps.blobs.object('renders', hdKey)).toMatchObject({ pending: false, anonymous: false });
    expect(deps.blobs.object('renders', sourceKey)).toBeUndefined();

    const again = await download(deps, owner, uploadId, [16]);
    expect(again.files[0].url).toContain(hdKey);
    expect(deps.hdEnlarger.enlarged).toBe(1);
    // The other ages wait for their own download.
    expect(isHdSourceKey((await jobOf(deps, uploadId, 21)).hdKey!)).toBe(true);
  });

  it('gives two downloads at once the same file, and leaves one', async () => {
    const { deps, owner, uploadId } = await boughtHostedRenders();
    const [first, second] = await Promise.all([
      download(deps, owner, uploadId, [10, 21]),
      download(deps, owner, uploadId, [10, 21]),
    ]);
    const keys = await Promise.all(
      [10, 21].map(async (age) => (await jobOf(deps, uploadId, age as TargetAge)).hdKey!),
    );
    expect(first.files.map((file) => file.url)).toEqual(second.files.map((file) => file.url));
    for (const [i, key] of keys.entries()) expect(first.files[i].url).toContain(key);
    expect(keys.some(isHdSourceKey)).toBe(false);
    // Two HD files and age 16's source, not yet downloaded: no second copy, no source left behind.
    const hdFiles = deps.blobs.keys('renders').filter((key) => key.startsWith(`hd/${uploadId}/`));
    expect(hdFiles.sort()).toEqual([...keys, (await jobOf(deps, uploadId, 16)).hdKey!].sort());
    for (const key of keys) expect(deps.blobs.object('renders', key)?.pending).toBe(false);
  });

  it('gives two downloads whose files differ (two machines) the one recorded, and deletes the other', async () => {
    const { deps, owner, uploadId } = await boughtHostedRenders();
    let calls = 0;
    deps.hdEnlarger.enlarge = async (source, size) =>
      sharp(source)
        .resize(size, size)
        .jpeg({ quality: 80 + ++calls })
        .toBuffer();
    const [first, second] = await Promise.all([
      download(deps, owner, uploadId, [21]),
      download(deps, owner, uploadId, [21]),
    ]);
    expect(calls).toBe(2);
    const hdKey = (await jobOf(deps, uploadId, 21)).hdKey!;
    expect(isHdSourceKey(hdKey)).toBe(false);
    expect([first.files[0].url, second.files[0].url].every((url) => url.includes(hdKey))).toBe(true);
    expect(deps.blobs.keys('renders').filter((key) => key.startsWith(`hd/${uploadId}/21-`))).toEqual([hdKey]);
    expect(deps.blobs.object('renders', hdKey)?.pending).toBe(false);
  });

  it('keeps nothing when the upload is deleted while the file is made', async () => {
    const { deps, owner, uploadId } = await boughtHostedRenders();
    const enlarge = deps.hdEnlarger.enlarge.bind(deps.hdEnlarger);
    deps.hdEnlarger.enlarge = async (source, size) => {
      const hd = await enlarge(source, size);
      await deleteUpload(deps, owner, uploadId);
      return hd;
    };
    await expect(download(deps, owner, uploadId, [10])).rejects.toMatchObject({
      constructor: DomainError,
      kind: 'not_found',
      messageKey: 'noHdToDownload',
    });
    expect(deps.blobs.keys('renders').filter((key) => key.includes(uploadId))).toEqual([]);
  });
});
