/**
 * The owner's clip without the watermark: once every age in it is unlocked, each age's picture at
 * the preview's size comes from the server as a data URL (the HD files are private, on another
 * origin, and a canvas may not read them). Anything short of all of them: the watermarked previews.
 */
import { clipAges, clipIsUnmarked } from '@shared/rules/growth-clip';
import type { UploadView } from '@shared/schemas/uploads';
import { callApi } from '../../../lib/api-client';

/** Each age's unmarked picture, or null; `missed` when the owner should have had them and did not. */
export type UnmarkedPictures = { pictures: ReadonlyMap<number, string> | null; missed: boolean };

export async function unmarkedPictures(upload: UploadView): Promise<UnmarkedPictures> {
  if (!clipIsUnmarked(upload.jobs, upload.viewerIsOwner)) return { pictures: null, missed: false };
  try {
    const { images } = await callApi('getHdPreviews', { params: { uploadId: upload.uploadId } });
    const byAge = new Map(images.map(({ age, image }) => [age, image]));
    const all = clipAges(upload.jobs).every((job) => byAge.has(job.age));
    return all ? { pictures: byAge, missed: false } : { pictures: null, missed: true };
  } catch (error) {
    // The clip is still worth making: the previews, as on the page, saying why.
    console.warn('HD pictures for the clip are unavailable', error);
    return { pictures: null, missed: true };
  }
}
