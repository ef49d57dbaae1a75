/**
 * A template's square copies (TEMPLATE_SQUARES in shared/deployment.ts): cropped to the square the
 * keepsake drawing shows (coverCrop: a tall template around its ground line), and scaled by sharp (no canvas,
 * so every Lambda that stores templates can make them). A keepsake drawn from a copy matches one
 * drawn from the original within a level or so (template-squares.test.ts).
 */
import { TEMPLATE_SQUARES, type TemplateSquare } from '@shared/deployment';
import { coverCrop } from '@shared/rules/placement';
import sharp from 'sharp';
import type { TemplateSquares } from './types';

/**
 * Above the keepsake's own quality (90): the copy is decoded, drawn on and encoded again. Without
 * libjpeg's Huffman-optimising second pass, which costs more than the encoding (private files, a
 * few per cent larger).
 */
const SQUARE_JPEG = { quality: 92, optimiseCoding: false };

/** An encoded image, or raw pixels the caller already has (the seeder: no decoding again). */
export type SquareSource = Buffer | { pixels: Buffer; width: number; height: number; channels: 3 | 4 };

async function squareCopy(source: SquareSource, square: TemplateSquare, groundY: number | null | undefined) {
  const image = Buffer.isBuffer(source)
    ? sharp(source)
    : sharp(source.pixels, { raw: { ...source } }).removeAlpha();
  const { width = 0, height = 0 } = Buffer.isBuffer(source) ? await sharp(source).metadata() : source;
  // The square the keepsake drawing shows (coverCrop): whole pixels, as sharp cuts.
  const crop = coverCrop({ width, height }, { width: 1, height: 1 }, groundY);
  const region = {
    left: Math.round(crop.sx),
    top: Math.round(crop.sy),
    width: Math.round(crop.sw),
    height: Math.round(crop.sh),
  };
  return image.extract(region).resize(square.size, square.size, { fit: 'fill' }).jpeg(SQUARE_JPEG).toBuffer();
}

export async function templateSquares(images: {
  native: SquareSource;
  watermarked: SquareSource;
  /** The template's ground line (a fraction of its height), when known: where a tall one is cut. */
  groundY?: number | null;
}): Promise<TemplateSquares> {
  const source = { native: images.native, wm: images.watermarked };
  const [free, hd] = await Promise.all([
    squareCopy(source[TEMPLATE_SQUARES.free.from], TEMPLATE_SQUARES.free, images.groundY),
    squareCopy(source[TEMPLATE_SQUARES.hd.from], TEMPLATE_SQUARES.hd, images.groundY),
  ]);
  return { free, hd };
}
