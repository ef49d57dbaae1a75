/**
 * Colour matching of the pasted face: per-channel mean and standard deviation in YCbCr (JPEG's
 * full-range BT.601), moved from the source face's to the target face's over the same region
 * (Reinhard-style transfer). YCbCr keeps brightness apart from skin hue, like Lab, at the cost of
 * a 3×3 multiply.
 */

export type ColourStats = { mean: [number, number, number]; std: [number, number, number] };

/** A std ratio outside this range would amplify noise or flatten the face: clamp it. */
const MIN_STD_RATIO = 0.5;
const MAX_STD_RATIO = 2;

const toYCbCr = (r: number, g: number, b: number): [number, number, number] => [
  0.299 * r + 0.587 * g + 0.114 * b,
  128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
  128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
];

const toRgb = (y: number, cb: number, cr: number): [number, number, number] => [
  y + 1.402 * (cr - 128),
  y - 0.344136 * (cb - 128) - 0.714136 * (cr - 128),
  y + 1.772 * (cb - 128),
];

/** Weighted YCbCr statistics of interleaved RGB pixels (weight 0 = not in the region). */
export function colourStats(rgb: ArrayLike<number>, weights: ArrayLike<number>): ColourStats {
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w <= 0) continue;
    const c = toYCbCr(rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]);
    for (let k = 0; k < 3; k++) {
      sum[k] += w * c[k];
      squares[k] += w * c[k] * c[k];
    }
    total += w;
  }
  if (total === 0) return { mean: [0, 128, 128], std: [1, 1, 1] };
  const mean = sum.map((s) => s / total) as [number, number, number];
  const std = squares.map((s, k) => Math.sqrt(Math.max(s / total - mean[k] * mean[k], 1e-6))) as [
    number,
    number,
    number,
  ];
  return { mean, std };
}

/** Recolours interleaved RGB pixels in place so their statistics move from `from` to `to`. */
export function transferColours(rgb: Float32Array, from: ColourStats, to: ColourStats): void {
  const ratio = from.std.map((s, k) => Math.min(MAX_STD_RATIO, Math.max(MIN_STD_RATIO, to.std[k] / s)));
  for (let i = 0; i < rgb.length; i += 3) {
    const c = toYCbCr(rgb[i], rgb[i + 1], rgb[i + 2]);
    const out = toRgb(
      (c[0] - from.mean[0]) * ratio[0] + to.mean[0],
      (c[1] - from.mean[1]) * ratio[1] + to.mean[1],
      (c[2] - from.mean[2]) * ratio[2] + to.mean[2],
    );
    rgb[i] = out[0];
    rgb[i + 1] = out[1];
    rgb[i + 2] = out[2];
  }
}
