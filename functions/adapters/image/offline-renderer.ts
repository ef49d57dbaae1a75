/**
 * The offline Renderer: ages the head of a normalised original with the growth warp and writes a
 * small watermarked preview and the 2000×2000 HD file, both JPEG without any metadata.
 */
import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';
import type { RawImage } from '../../core/image-ai';
import type { Renderer, RenderOutput } from '../../core/ports';
import { agedHeadCrop, type FaceFinder } from './age-pipeline';
import { addWatermark } from './watermark';

export const PREVIEW_SIZE_PX = 640;
export const PREVIEW_MAX_BYTES = 120 * 1024;
export const HD_QUALITY = 90;
/** Tried in order until the preview fits PREVIEW_MAX_BYTES. */
const PREVIEW_QUALITIES = [82, 74, 66, 58, 50];

export type OfflineRendererOptions = {
  /** Replaces the face-api detector (tests of other layers); defaults to the real one. */
  findFace?: FaceFinder;
};

const rawPipeline = (img: RawImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } });

export function createOfflineRenderer(options: OfflineRendererOptions = {}): Renderer {
  return {
    engine: 'offline',
    async render({ original, targetAge, face }): Promise<RenderOutput> {
      const aged = await agedHeadCrop({ image: original, targetAge, face, findFace: options.findFace });

      // Watermark at the preview's final size (sharp would resize after compositing in one pipeline).
      let started = performance.now();
      const small = await rawPipeline(aged.aged)
        .resize(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX, { kernel: 'lanczos3' })
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
      // Default sharp output carries no EXIF, GPS, XMP or ICC: nothing of the original survives.
      const [preview, hd] = await Promise.all([
        encodePreview(marked),
        rawPipeline(aged.aged)
          .resize(HD_SIZE_PX, HD_SIZE_PX, { kernel: 'lanczos3' })
          .jpeg({ quality: HD_QUALITY })
          .toBuffer(),
      ]);
      const encode = performance.now() - started;

      const round = (ms: number) => Math.round(ms * 10) / 10;
      return {
        preview,
        hd,
        face: aged.face,
        timings: {
          decode: round(aged.timings.decode),
          detect: round(aged.timings.detect),
          age: round(aged.timings.age),
          watermark: round(watermark),
          encode: round(encode),
        },
      };
    },
  };
}

/** The highest of PREVIEW_QUALITIES whose JPEG fits in PREVIEW_MAX_BYTES. */
async function encodePreview(img: RawImage): Promise<Buffer> {
  let jpeg = Buffer.alloc(0);
  for (const quality of PREVIEW_QUALITIES) {
    jpeg = await rawPipeline(img).removeAlpha().jpeg({ quality }).toBuffer();
    if (jpeg.length <= PREVIEW_MAX_BYTES) return jpeg;
  }
  return jpeg;
}
