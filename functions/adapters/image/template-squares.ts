/**
 * A template's square copies (TEMPLATE_SQUARES in shared/deployment.ts), scaled exactly as the
 * keepsake renderer scales a template to its canvas: a keepsake drawn from a copy is the one drawn
 * from the original, up to the copy's JPEG encoding.
 */
import { TEMPLATE_SQUARES, type TemplateSquare } from '@shared/deployment';
import sharp from 'sharp';
import type { TemplateSquares } from '../../core/moments/moments-ports';
import { coverScaled, decode } from './keepsake-renderer';

/** Above the keepsake's own quality (90): the copy is decoded, drawn on and encoded again. */
const SQUARE_JPEG_QUALITY = 92;

async function squareCopy(source: Buffer, square: TemplateSquare): Promise<Buffer> {
  const layer = coverScaled(await decode(source), square.size);
  const pixels = layer.getContext('2d').getImageData(0, 0, square.size, square.size).data;
  return sharp(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length), {
    raw: { width: square.size, height: square.size, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality: SQUARE_JPEG_QUALITY })
    .toBuffer();
}

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
