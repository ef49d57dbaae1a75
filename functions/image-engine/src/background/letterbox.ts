/**
 * The square model input around a photo of another shape, and the model's answer cut back out.
 * What fills the letterbox matters to the model: repeating the edge pixels streaks whatever touches
 * the frame (a neighbour's dark sleeve, a sofa) across the padding, where it reads as more body;
 * a flat grey border shows nothing but is a hard edge. The mask is the mean of both views.
 */

/** Where the photo sits inside the square: its scaled size and the padding before it. */
export type Letterbox = { side: number; width: number; height: number; left: number; top: number };

export function letterboxFor(photoWidth: number, photoHeight: number, side: number): Letterbox {
  const scale = side / Math.max(photoWidth, photoHeight);
  const width = Math.max(1, Math.round(photoWidth * scale));
  const height = Math.max(1, Math.round(photoHeight * scale));
  return { side, width, height, left: Math.floor((side - width) / 2), top: Math.floor((side - height) / 2) };
}

/** Mid-grey: the middle of the model's 0–1 input range. */
export const GREY = 128;

/**
 * The square RGB image: `inner` (the photo at the letterbox's size) placed in it, the rest filled
 * with the nearest edge pixel (`fill` 'edge') or with one grey level.
 */
export function padded(inner: Uint8Array, box: Letterbox, fill: 'edge' | number): Uint8Array {
  const { side, width, height, left, top } = box;
  const out = new Uint8Array(side * side * 3);
  if (fill !== 'edge') out.fill(fill);
  for (let y = 0; y < side; y++) {
    const inside = y >= top && y < top + height;
    if (!inside && fill !== 'edge') continue;
    const sy = Math.min(height - 1, Math.max(0, y - top));
    for (let x = 0; x < side; x++) {
      if (fill !== 'edge' && (x < left || x >= left + width)) continue;
      const sx = Math.min(width - 1, Math.max(0, x - left));
      const from = (sy * width + sx) * 3;
      const to = (y * side + x) * 3;
      out[to] = inner[from];
      out[to + 1] = inner[from + 1];
      out[to + 2] = inner[from + 2];
    }
  }
  return out;
}

/** The mean of the model's outputs (0–1, side × side) over the photo's part of the square, as 0–255. */
export function meanInside(outputs: Float32Array[], box: Letterbox): Uint8Array {
  const { side, width, height, left, top } = box;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y + top) * side + x + left;
      let sum = 0;
      for (const output of outputs) sum += output[i];
      out[y * width + x] = Math.round((255 * sum) / outputs.length);
    }
  }
  return out;
}
