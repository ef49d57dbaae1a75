/**
 * Colour models of one photo: smoothed histograms over CIELAB, where distances follow what the eye
 * tells apart (skin from a beige wall by its hue, not only its brightness). A pixel's bin comes
 * from a table over RGB at 5 bits a channel, built once.
 */
import type { RgbImage } from './guided-filter';

/** Bins over lightness, then a and b (each over ±AB_RANGE). */
const L_BINS = 16;
const AB_BINS = 24;
const AB_RANGE = 64;
const BINS = L_BINS * AB_BINS * AB_BINS;
/** The same floor on both sides: a colour neither model has seen favours neither. */
const UNSEEN_DENSITY = 1e-4;

const labF = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
const linear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** The CIELAB (D65) bin of an sRGB colour. */
function labBin(red: number, green: number, blue: number): number {
  const [r, g, b] = [linear(red), linear(green), linear(blue)];
  const fx = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505);
  const fy = labF(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const fz = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089);
  const bin = (v: number, count: number) => Math.min(count - 1, Math.max(0, Math.floor(v * count)));
  const lightness = bin((116 * fy - 16) / 100, L_BINS);
  const a = bin((500 * (fx - fy) + AB_RANGE) / (2 * AB_RANGE), AB_BINS);
  const bb = bin((200 * (fy - fz) + AB_RANGE) / (2 * AB_RANGE), AB_BINS);
  return (lightness * AB_BINS + a) * AB_BINS + bb;
}

let table: Uint16Array | undefined;
/** The bin of each RGB colour at 5 bits a channel (the middle of its cell). */
function binTable(): Uint16Array {
  if (table) return table;
  table = new Uint16Array(32 * 32 * 32);
  for (let r = 0; r < 32; r++) {
    for (let g = 0; g < 32; g++) {
      for (let b = 0; b < 32; b++) table[(r << 10) | (g << 5) | b] = labBin(r * 8 + 4, g * 8 + 4, b * 8 + 4);
    }
  }
  return table;
}

/** Each pixel's bin. */
export function colourBins(photo: RgbImage): Uint16Array {
  const lookup = binTable();
  const { data } = photo;
  const bins = new Uint16Array(photo.width * photo.height);
  for (let i = 0; i < bins.length; i++) {
    bins[i] = lookup[((data[i * 3] >> 3) << 10) | ((data[i * 3 + 1] >> 3) << 5) | (data[i * 3 + 2] >> 3)];
  }
  return bins;
}

/**
 * A normalised colour histogram of the pixels, each counted with its weight (0: not at all), smoothed over
 * neighbouring bins so a shade next to those seen is not impossible.
 */
export function density(bins: Uint16Array, weights: Float32Array): Float32Array {
  let counts = new Float32Array(BINS);
  let total = 0;
  for (let i = 0; i < bins.length; i++) {
    counts[bins[i]] += weights[i];
    total += weights[i];
  }
  const strides = [AB_BINS * AB_BINS, AB_BINS, 1];
  const sizes = [L_BINS, AB_BINS, AB_BINS];
  for (let axis = 0; axis < 3; axis++) {
    const blurred = new Float32Array(BINS);
    const stride = strides[axis];
    for (let k = 0; k < BINS; k++) {
      const at = Math.floor(k / stride) % sizes[axis];
      blurred[k] = counts[k] * 0.5;
      blurred[k] += 0.25 * (at > 0 ? counts[k - stride] : counts[k]);
      blurred[k] += 0.25 * (at < sizes[axis] - 1 ? counts[k + stride] : counts[k]);
    }
    counts = blurred;
  }
  for (let k = 0; k < BINS; k++) counts[k] = (total > 0 ? counts[k] / total : 0) + UNSEEN_DENSITY;
  return counts;
}

/** Per bin, the log of how much likelier the colour is under `a` than under `b`. */
export function logRatio(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((v, k) => Math.log(v / b[k]));
}
