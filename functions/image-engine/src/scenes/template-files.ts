/**
 * A template's files from its pixels, with sharp alone (no Skia: the importer's images are decoded,
 * not drawn): native JPEG, watermarked JPEG, gallery thumbnail WEBP within THUMB_MAX_BYTES, and the
 * square copies the server draws Moments keepsakes from.
 */
import { THUMB_MAX_BYTES, THUMB_WIDTH_PX } from '@shared/templates';
import sharp from 'sharp';
import { templateSquares } from '../template-squares';
import type { TemplateImages } from '../types';
import { watermarkOverlay } from '../watermark';

const NATIVE_QUALITY = 88;

const rawInput = (pixels: Buffer, width: number, height: number) =>
  sharp(pixels, { raw: { width, height, channels: 4 } }).removeAlpha();

/**
 * JPEG settings of a template's files: without libjpeg's second pass that optimises the Huffman
 * tables, which costs more than the encoding itself (a 2048² scene: 19 ms instead of 47) for files
 * about 7 % smaller; the library's first seeding encodes two of these per template.
 */
const JPEG = { quality: NATIVE_QUALITY, optimiseCoding: false };

/** A scene as a JPEG (sharp writes no metadata). */
export function sceneJpeg(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  return rawInput(pixels, width, height).jpeg(JPEG).toBuffer();
}

/**
 * The smallest thumbnail quality that fits the budget (illustrations compress well: usually the
 * first). Shrunk once from the native JPEG, which libvips decodes at a quarter of its size for this
 * (several times cheaper than shrinking the raw pixels), then only encoded again if too big.
 */
async function thumbnail(native: Buffer): Promise<Buffer> {
  const small = await sharp(native)
    .resize({ width: THUMB_WIDTH_PX })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: small.info.width, height: small.info.height, channels: small.info.channels };
  for (const quality of [72, 60, 48, 36]) {
    // Effort 2 of 6: half the CPU of the default for a file about 5 % larger.
    const thumb = await sharp(small.data, { raw }).webp({ quality, effort: 2 }).toBuffer();
    if (thumb.length <= THUMB_MAX_BYTES) return thumb;
  }
  throw new Error(`Thumbnail over ${THUMB_MAX_BYTES} bytes even at the lowest quality`);
}

/** A template's three files from its raw RGBA pixels at native size (the seeder's and the importer's). */
export async function templateImagesOf(
  pixels: Buffer,
  width: number,
  height: number,
): Promise<TemplateImages> {
  const overlay = await watermarkOverlay(width, height);
  // Watermarked once to raw pixels, so its JPEG and its square copy need no decoding.
  const { data: watermarkedPixels, info } = await rawInput(pixels, width, height)
    .composite([{ input: overlay, raw: { width, height, channels: 4 } }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels === 4 ? 4 : 3;
  const watermarkedRaw = { pixels: watermarkedPixels, width, height, channels } as const;
  const [[native, thumb], watermarked, squares] = await Promise.all([
    sceneJpeg(pixels, width, height).then(async (jpeg) => [jpeg, await thumbnail(jpeg)] as const),
    sharp(watermarkedPixels, { raw: { width, height, channels } }).removeAlpha().jpeg(JPEG).toBuffer(),
    templateSquares({ native: { pixels, width, height, channels: 4 }, watermarked: watermarkedRaw }),
  ]);
  return { native, watermarked, thumb, squares, width, height };
}
