/**
 * A template's files from its pixels, with sharp alone (no Skia: the importer's images are decoded,
 * not drawn): native JPEG, watermarked JPEG, gallery thumbnail WEBP within THUMB_MAX_BYTES, and the
 * square copies the server draws Moments keepsakes from.
 */
import { THUMB_MAX_BYTES, THUMB_WIDTH_PX } from '@shared/templates';
import sharp from 'sharp';
import type { TemplateImages } from '../../../core/moments/moments-ports';
import { templateSquares } from '../template-squares';
import { watermarkOverlay } from '../watermark';

const NATIVE_QUALITY = 88;

const rawInput = (pixels: Buffer, width: number, height: number) =>
  sharp(pixels, { raw: { width, height, channels: 4 } }).removeAlpha();

/** A scene as a JPEG (sharp writes no metadata). */
export function sceneJpeg(
  pixels: Buffer,
  width: number,
  height: number,
  quality = NATIVE_QUALITY,
): Promise<Buffer> {
  return rawInput(pixels, width, height).jpeg({ quality }).toBuffer();
}

/**
 * The smallest thumbnail quality that fits the budget (illustrations compress well: usually the
 * first). Shrunk once from the pixels, then only encoded again if too big.
 */
async function thumbnail(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  const small = await rawInput(pixels, width, height)
    .resize({ width: THUMB_WIDTH_PX })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: small.info.width, height: small.info.height, channels: small.info.channels };
  for (const quality of [72, 60, 48, 36]) {
    const thumb = await sharp(small.data, { raw }).webp({ quality }).toBuffer();
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
  const [native, watermarked, thumb] = await Promise.all([
    sceneJpeg(pixels, width, height),
    rawInput(pixels, width, height)
      .composite([{ input: overlay, raw: { width, height, channels: 4 } }])
      .jpeg({ quality: NATIVE_QUALITY })
      .toBuffer(),
    thumbnail(pixels, width, height),
  ]);
  const squares = await templateSquares({ native, watermarked });
  return { native, watermarked, thumb, squares, width, height };
}
