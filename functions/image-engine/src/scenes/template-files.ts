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

/**
 * JPEG settings of a template's files: without libjpeg's second pass that optimises the Huffman
 * tables, which costs more than the encoding itself (a 2048² scene: 19 ms instead of 47) for files
 * about 7 % smaller; the library's first seeding encodes two of these per template.
 */
const JPEG = { quality: NATIVE_QUALITY, optimiseCoding: false };

/** A scene as a JPEG (sharp writes no metadata). */
export function sceneJpeg(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .jpeg(JPEG)
    .toBuffer();
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

/** Raw pixels at a template's native size, RGB (3 channels) or RGBA (4, as decoded or drawn). */
export type RawImage = { pixels: Buffer; width: number; height: number; channels: 3 | 4 };

/**
 * RGB pixels of RGBA ones (the alpha of a template is always opaque). Worth its copy: given an alpha
 * channel, sharp premultiplies before every resize and removes it after, which made the square
 * copies two to five times dearer (a 2048² scene's 800² copy: 53 ms from RGBA, 11 ms from RGB).
 */
export function rgbOf(image: RawImage): RawImage {
  if (image.channels === 3) return image;
  const rgba = image.pixels;
  const rgb = Buffer.allocUnsafe((rgba.length / 4) * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i];
    rgb[j + 1] = rgba[i + 1];
    rgb[j + 2] = rgba[i + 2];
  }
  return { ...image, pixels: rgb, channels: 3 };
}

/** A template's three files from its raw RGBA pixels at native size (the importer's). */
export async function templateImagesOf(
  pixels: Buffer,
  width: number,
  height: number,
): Promise<TemplateImages> {
  const native = rgbOf({ pixels, width, height, channels: 4 });
  const overlay = await watermarkOverlay(width, height);
  // Watermarked once to raw pixels, so its JPEG and its square copy need no decoding.
  const { data, info } = await sharp(native.pixels, { raw: native })
    .composite([{ input: overlay, raw: { width, height, channels: 4 } }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return templateFilesOf(native, rgbOf({ pixels: data, width, height, channels: info.channels as 3 | 4 }));
}

/**
 * The files from the clean and the watermarked pixels (the library's renderer draws the watermark
 * itself: Skia lays the overlay over the canvas in a few ms, libvips' composite takes ~80 ms at 2048²).
 */
export async function templateFilesOf(
  clean: RawImage,
  stamped: RawImage,
  /** The scene's ground line, when known: where its square copies are cut (coverCrop). */
  groundY?: number | null,
): Promise<TemplateImages> {
  const [native, watermarked] = [rgbOf(clean), rgbOf(stamped)];
  const jpeg = ({ pixels, width, height, channels }: RawImage) =>
    sharp(pixels, { raw: { width, height, channels } }).jpeg(JPEG).toBuffer();
  const [[nativeJpeg, thumb], watermarkedJpeg, squares] = await Promise.all([
    jpeg(native).then(async (file) => [file, await thumbnail(file)] as const),
    jpeg(watermarked),
    templateSquares({ native, watermarked, groundY }),
  ]);
  const { width, height } = native;
  return { native: nativeJpeg, watermarked: watermarkedJpeg, thumb, squares, width, height };
}
