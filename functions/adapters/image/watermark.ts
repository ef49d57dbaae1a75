/**
 * The preview watermark: "Little Futures · PREVIEW" repeated on diagonal rows, white with a soft
 * dark edge so it reads on light and dark photos alike, light enough to still show the face.
 */
import sharp from 'sharp';
import type { RawImage } from '../../core/image-ai';

export const WATERMARK_TEXT = 'Little Futures · PREVIEW';

/** Rows run up-right at this angle (degrees, SVG rotates clockwise for positive angles). */
const ANGLE = -30;

export function watermarkSvg(width: number, height: number): string {
  const fontSize = Math.max(12, Math.round(Math.min(width, height) / 20));
  const rowGap = fontSize * 4.2;
  // Rough advance of the text in DejaVu Sans, plus a gap between repeats.
  const textWidth = fontSize * 0.62 * WATERMARK_TEXT.length;
  const colGap = textWidth + fontSize * 2.5;
  // Rows are laid out in the rotated frame: cover the whole diagonal so no corner is left bare.
  const diagonal = Math.ceil(Math.hypot(width, height));
  const cx = width / 2;
  const cy = height / 2;
  const texts: string[] = [];
  let row = 0;
  for (let y = -diagonal / 2; y <= diagonal / 2; y += rowGap, row++) {
    // Alternate rows are offset by half a repeat, like bricks.
    const offset = (row % 2) * (colGap / 2);
    for (let x = -diagonal / 2 - colGap + offset; x <= diagonal / 2; x += colGap) {
      texts.push(
        `<text x="${(cx + x).toFixed(1)}" y="${(cy + y).toFixed(1)}">${escapeXml(WATERMARK_TEXT)}</text>`,
      );
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<g transform="rotate(${ANGLE} ${cx} ${cy})" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`,
    ` font-size="${fontSize}" font-weight="600" letter-spacing="${(fontSize * 0.04).toFixed(2)}"`,
    ' fill="#ffffff" fill-opacity="0.36" stroke="#000000" stroke-opacity="0.14"',
    ` stroke-width="${Math.max(0.6, fontSize / 28).toFixed(2)}" paint-order="stroke">`,
    ...texts,
    '</g></svg>',
  ].join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Composites the watermark over raw pixels at their final size; returns raw pixels. */
export async function addWatermark(image: RawImage): Promise<RawImage> {
  const { width, height, channels } = image;
  const svg = Buffer.from(watermarkSvg(width, height));
  const { data, info } = await sharp(image.data, { raw: { width, height, channels } })
    .composite([{ input: svg, top: 0, left: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width,
    height,
    channels: info.channels as RawImage['channels'],
  };
}
