/**
 * The owner's clip without the watermark: once every age in it is unlocked, each age's picture at
 * the preview's size comes from the server as a data URL (the HD files are private, on another
 * origin, and a canvas may not read them). Anything short of all of them: the watermarked previews.
 */
import { clipAges, clipIsUnmarked } from '@shared/rules/growth-clip';
import type { UploadView } from '@shared/schemas/uploads';
import { callApi } from '../../../lib/api-client';

export async function unmarkedPictures(upload: UploadView): Promise<ReadonlyMap<number, string> | null> {
  if (!clipIsUnmarked(upload.jobs, upload.viewerIsOwner)) return null;
  try {
    const { images } = await callApi('getHdPreviews', { params: { uploadId: upload.uploadId } });
    const byAge = new Map(images.map(({ age, image }) => [age, image]));
    return clipAges(upload.jobs).every((job) => byAge.has(job.age)) ? byAge : null;
  } catch (error) {
    // The clip is still worth making: the previews, as on the page.
    console.warn('HD pictures for the clip are unavailable', error);
    return null;
  }
}
