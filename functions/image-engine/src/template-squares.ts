/**
 * A template's square copies (TEMPLATE_SQUARES in shared/deployment.ts): cropped to cover the
 * square from the centre, as the keepsake drawing crops a template, and scaled by sharp (no canvas,
 * so every Lambda that stores templates can make them). A keepsake drawn from a copy matches one
 * drawn from the original within a level or so (template-squares.test.ts).
 */
import { TEMPLATE_SQUARES, type TemplateSquare } from '@shared/deployment';
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

const squareCopy = (source: SquareSource, square: TemplateSquare) =>
  (Buffer.isBuffer(source) ? sharp(source) : sharp(source.pixels, { raw: { ...source } }).removeAlpha())
    .resize(square.size, square.size, { fit: 'cover', position: 'centre' })
    .jpeg(SQUARE_JPEG)
    .toBuffer();

export async function templateSquares(images: {
  native: SquareSource;
  watermarked: SquareSource;
}): Promise<TemplateSquares> {
  const source = { native: images.native, wm: images.watermarked };
  const [free, hd] = await Promise.all([
    squareCopy(source[TEMPLATE_SQUARES.free.from], TEMPLATE_SQUARES.free),
    squareCopy(source[TEMPLATE_SQUARES.hd.from], TEMPLATE_SQUARES.hd),
  ]);
  return { free, hd };
}
