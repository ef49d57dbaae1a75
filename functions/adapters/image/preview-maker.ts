/**
 * The preview anyone holding the link may see: the finished image made small, watermarked and
 * re-encoded as a JPEG of at most PREVIEW_MAX_BYTES, with no metadata.
 */
import type { PreviewMaker } from '../../core/image-ai';
import { imagePipeline } from './age-pipeline';
import { watermarkOverlay } from './watermark';

export const PREVIEW_SIZE_PX = 640;
export const PREVIEW_MAX_BYTES = 120 * 1024;
/** Tried in order until the preview fits PREVIEW_MAX_BYTES (sharp writes no metadata by default). */
const PREVIEW_QUALITIES = [82, 74, 66, 58, 50];

export function createPreviewMaker(): PreviewMaker {
  return {
    async preview(image) {
      const started = performance.now();
      const overlay = await watermarkOverlay(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX);
      // One sharp pipeline (it composites after resizing): no trip through the event loop between
      // the steps, which matters when face-api holds it (the hosted check runs both at once).
      const marked = () =>
        imagePipeline(image)
          .resize(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX, { kernel: 'lanczos3' })
          .toColourspace('srgb')
          .removeAlpha()
          .composite([
            { input: overlay, raw: { width: PREVIEW_SIZE_PX, height: PREVIEW_SIZE_PX, channels: 4 } },
          ]);
      const [first, ...fallbacks] = PREVIEW_QUALITIES;
      let jpeg = await marked().jpeg({ quality: first }).toBuffer();
      const watermark = performance.now() - started;

      // Rare: a busy picture over PREVIEW_MAX_BYTES is encoded again, lower, until it fits.
      const encodeStarted = performance.now();
      for (const quality of fallbacks) {
        if (jpeg.length <= PREVIEW_MAX_BYTES) break;
        jpeg = await marked().jpeg({ quality }).toBuffer();
      }
      return { jpeg, timings: { watermark, encode: performance.now() - encodeStarted } };
    },
  };
}
