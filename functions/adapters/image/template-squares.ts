/**
 * A template's square copies (TEMPLATE_SQUARES in shared/deployment.ts): cropped to cover the
 * square from the centre, as the keepsake drawing crops a template, and scaled by sharp (no canvas,
 * so every Lambda that stores templates can make them). A keepsake drawn from a copy matches one
 * drawn from the original within a level or so (template-squares.test.ts).
 */
import { TEMPLATE_SQUARES, type TemplateSquare } from '@shared/deployment';
import sharp from 'sharp';
import type { TemplateSquares } from '../../core/moments/moments-ports';

/** Above the keepsake's own quality (90): the copy is decoded, drawn on and encoded again. */
const SQUARE_JPEG_QUALITY = 92;

const squareCopy = (source: Buffer, square: TemplateSquare) =>
  sharp(source)
    .resize(square.size, square.size, { fit: 'cover', position: 'centre' })
    .jpeg({ quality: SQUARE_JPEG_QUALITY })
    .toBuffer();

export async function templateSquares(images: {
  native: Buffer;
  watermarked: Buffer;
}): Promise<TemplateSquares> {
  const source = { native: images.native, wm: images.watermarked };
  const [free, hd] = await Promise.all([
    squareCopy(source[TEMPLATE_SQUARES.free.from], TEMPLATE_SQUARES.free),
    squareCopy(source[TEMPLATE_SQUARES.hd.from], TEMPLATE_SQUARES.hd),
  ]);
  return { free, hd };
}
