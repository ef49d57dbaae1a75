/**
 * The preview anyone holding the link may see: the finished image made small, watermarked and
 * re-encoded as a JPEG of at most PREVIEW_MAX_BYTES, with no metadata.
 */
import sharp from 'sharp';
import { imagePipeline } from './age-pipeline';
import { PREVIEW_SIZE_PX, toPreviewSize } from './preview-size';
import type { ImageInput } from './types';
import { watermarkOverlay } from './watermark';

export { PREVIEW_SIZE_PX };
export const PREVIEW_MAX_BYTES = 120 * 1024;
/** Tried in order until the preview fits PREVIEW_MAX_BYTES (sharp writes no metadata by default). */
const PREVIEW_QUALITIES = [82, 74, 66, 58, 50];

export interface PreviewMaker {
  /**
   * JPEG without metadata; the timings are milliseconds: `watermark` shrinks, marks and encodes,
   * `encode` is what encoding again to fit the size limit added.
   */
  preview(image: ImageInput): Promise<{ jpeg: Buffer; timings: { watermark: number; encode: number } }>;
}

export function createPreviewMaker(): PreviewMaker {
  return {
    async preview(image) {
      const started = performance.now();
      // Shrunk first, alone: a composite in the same pipeline would make sharp resize with an alpha
      // channel (27 ms instead of 19 for a 2000 px JPEG).
      const [small, overlay] = await Promise.all([
        toPreviewSize(imagePipeline(image)).raw().toBuffer({ resolveWithObject: true }),
        watermarkOverlay(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX),
      ]);
      const { width, height, channels } = small.info;
      const marked = () =>
        sharp(small.data, { raw: { width, height, channels } })
          .composite([{ input: overlay, raw: { width, height, channels: 4 } }])
          .removeAlpha();
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
