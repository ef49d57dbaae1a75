/**
 * The preview watermark: "Little Futures · PREVIEW" repeated on diagonal rows, white with a soft
 * dark edge so it reads on light and dark photos alike, light enough to still show the face.
 *
 * The text is drawn as path outlines (watermark-glyphs.ts, generated from DejaVu Sans Bold), not
 * SVG <text>: librsvg would need an installed font for that, and AWS Lambda's runtime has none.
 */
import sharp from 'sharp';
import {
  WATERMARK_GLYPHS_ADVANCE,
  WATERMARK_GLYPHS_ASCENT,
  WATERMARK_GLYPHS_PATH,
  WATERMARK_GLYPHS_UNITS_PER_EM,
} from './watermark-glyphs';

export const WATERMARK_TEXT = 'Little Futures · PREVIEW';

/** Rows run up-right at this angle (degrees, SVG rotates clockwise for positive angles). */
const ANGLE = -30;

export function watermarkSvg(width: number, height: number): string {
  const fontSize = Math.max(12, Math.round(Math.min(width, height) / 20));
  const rowGap = fontSize * 4.2;
  const textWidth = fontSize * WATERMARK_GLYPHS_ADVANCE;
  const colGap = textWidth + fontSize * 2.5;
  // The outlines are in 1/UNITS_PER_EM em; the stroke width is given in those units too.
  const scale = fontSize / WATERMARK_GLYPHS_UNITS_PER_EM;
  const strokeWidth = Math.max(0.6, fontSize / 28) / scale;
  // Baselines sit half the text height below each row line, so the text is centred on it.
  const baseline = (fontSize * WATERMARK_GLYPHS_ASCENT) / 2;
  // Rows are laid out in the rotated frame: cover the whole diagonal so no corner is left bare.
  const diagonal = Math.ceil(Math.hypot(width, height));
  const cx = width / 2;
  const cy = height / 2;
  const uses: string[] = [];
  let row = 0;
  for (let y = -diagonal / 2; y <= diagonal / 2; y += rowGap, row++) {
    // Alternate rows are offset by half a repeat, like bricks.
    const offset = (row % 2) * (colGap / 2);
    for (let x = -diagonal / 2 - colGap + offset; x <= diagonal / 2; x += colGap) {
      uses.push(`<use href="#wm" x="${(cx + x).toFixed(1)}" y="${(cy + y + baseline).toFixed(1)}"/>`);
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><path id="wm" transform="scale(${scale.toFixed(5)})" stroke-width="${strokeWidth.toFixed(1)}"`,
    ` d="${WATERMARK_GLYPHS_PATH}"/></defs>`,
    `<g transform="rotate(${ANGLE} ${cx} ${cy})" fill="#ffffff" fill-opacity="0.36"`,
    ' stroke="#000000" stroke-opacity="0.14" stroke-linejoin="round" paint-order="stroke">',
    ...uses,
    '</g></svg>',
  ].join('');
}

const overlays = new Map<string, Promise<Buffer>>();
/** Sizes kept: previews are all one size, templates come in a few (a 2048² overlay is 16 MB). */
const OVERLAYS_KEPT = 4;

/**
 * The watermark rasterised once per size, as RGBA: librsvg takes ~17 ms to draw a 640² preview's
 * rows of outlines (most of a template's drawing time), which every image would pay again.
 */
export function watermarkOverlay(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let overlay = overlays.get(key);
  if (!overlay) {
    overlay = sharp(Buffer.from(watermarkSvg(width, height)))
      .ensureAlpha()
      .raw()
      .toBuffer();
    overlay.catch(() => overlays.delete(key));
    if (overlays.size >= OVERLAYS_KEPT) overlays.delete(overlays.keys().next().value!);
    overlays.set(key, overlay);
  }
  return overlay;
}
