/**
 * The preview anyone holding the link may see: the finished image made small, watermarked and
 * re-encoded as a JPEG of at most PREVIEW_MAX_BYTES, with no metadata.
 */
import sharp from 'sharp';
import type { PreviewMaker, RawImage } from '../../core/image-ai';
import { imagePipeline } from './age-pipeline';
import { addWatermark } from './watermark';

export const PREVIEW_SIZE_PX = 640;
export const PREVIEW_MAX_BYTES = 120 * 1024;
/** Tried in order until the preview fits PREVIEW_MAX_BYTES. */
const PREVIEW_QUALITIES = [82, 74, 66, 58, 50];

const rawPipeline = (img: RawImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } });

export function createPreviewMaker(): PreviewMaker {
  return {
    async preview(image) {
      // Watermark at the preview's final size (sharp would resize after compositing in one pipeline).
      let started = performance.now();
      const small = await imagePipeline(image)
        .resize(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX, { kernel: 'lanczos3' })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const marked = await addWatermark({
        data: new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length),
        width: small.info.width,
        height: small.info.height,
        channels: small.info.channels as RawImage['channels'],
      });
      const watermark = performance.now() - started;

      started = performance.now();
      const jpeg = await encodePreview(marked);
      return { jpeg, timings: { watermark, encode: performance.now() - started } };
    },
  };
}

/** The highest of PREVIEW_QUALITIES whose JPEG fits in PREVIEW_MAX_BYTES; sharp writes no metadata by default. */
async function encodePreview(img: RawImage): Promise<Buffer> {
  let jpeg = Buffer.alloc(0);
  for (const quality of PREVIEW_QUALITIES) {
    jpeg = await rawPipeline(img).removeAlpha().jpeg({ quality }).toBuffer();
    if (jpeg.length <= PREVIEW_MAX_BYTES) return jpeg;
  }
  return jpeg;
}
