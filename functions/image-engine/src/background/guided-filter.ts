/**
 * Edge refinement of a coarse mask with the photo as guide: the guided filter of He, Sun and Tang,
 * "fast" variant. The local linear model q = a·I + b (I the photo's RGB colour, a three numbers)
 * is fitted at a small working resolution and applied to the full-resolution photo, so the mask's
 * edge follows the photo's edges (hair, shoulders) for a few box filters on a fraction of the
 * pixels. The colour guide, not the luma one: where a child's hand and the curtain behind it are
 * as bright as each other but not of the same hue, luma smooths the hand away (on the cut-out
 * set: hands kept 61–68% → 78–89%, mean outline error 35 → 27, IoU up on every photo).
 */

/** Three-channel 8-bit pixels (RGB), row by row. */
export type RgbImage = { data: Uint8Array; width: number; height: number };
export type Rect = { left: number; top: number; width: number; height: number };

/** Mean over the (2r+1)² window around each pixel, the window cut at the borders (running sums). */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  return boxMeans(width, height, r)(src);
}

/**
 * The box mean for many planes of one size and radius: the window's counts and the row pass's
 * buffer are made once for them all (the guided filter's 4 means of a and b share one).
 */
export function boxMeans(width: number, height: number, r: number): (src: Float32Array) => Float32Array {
  // How many pixels each window holds along x (and below, along y): fewer at the borders.
  const inverseCount = (length: number) =>
    Float32Array.from({ length }, (_, i) => 1 / (Math.min(length - 1, i + r) - Math.max(0, i - r) + 1));
  const plan: BoxPlan = {
    width,
    height,
    r,
    perColumn: inverseCount(width),
    perRow: inverseCount(height),
    rows: new Float32Array(width * height),
    column: new Float64Array(width),
  };
  return (src) => boxMeanOf(plan, src);
}

type BoxPlan = {
  width: number;
  height: number;
  r: number;
  perColumn: Float32Array;
  perRow: Float32Array;
  rows: Float32Array;
  column: Float64Array;
};

/**
 * One plane's box mean. A function of its own, not a closure over the plan: as a closure over each
 * photo's sizes it ran partly unoptimised in the cut-out, every running sum a new heap number (~2 MB
 * of garbage a photo, by V8's sampling heap profiler; as a closure, the one-pass sums below: 12 MB).
 */
function boxMeanOf({ width, height, r, perColumn, perRow, rows, column }: BoxPlan, src: Float32Array) {
  // Along a row, pixel x + r enters the window while x < enters; pixel x − r − 1 leaves from x ≥ leaves.
  const enters = Math.max(0, width - r);
  const leaves = Math.min(width, r + 1);
  for (let row = 0; row < src.length; row += width) {
    let sum = 0;
    for (let x = 0; x < Math.min(r, width); x++) sum += src[row + x];
    let x = 0;
    for (; x < Math.min(enters, leaves); x++) {
      sum += src[row + x + r];
      rows[row + x] = sum * perColumn[x];
    }
    if (enters > leaves)
      for (; x < enters; x++) {
        sum += src[row + x + r];
        sum -= src[row + x - r - 1];
        rows[row + x] = sum * perColumn[x];
      }
    else for (; x < leaves; x++) rows[row + x] = sum * perColumn[x];
    for (; x < width; x++) {
      sum -= src[row + x - r - 1];
      rows[row + x] = sum * perColumn[x];
    }
  }
  const out = new Float32Array(src.length);
  column.fill(0);
  for (let y = 0; y < Math.min(r, height); y++) {
    for (let x = 0, i = y * width; x < width; x++) column[x] += rows[i + x];
  }
  for (let y = 0; y < height; y++) {
    if (y + r < height) for (let x = 0, i = (y + r) * width; x < width; x++) column[x] += rows[i + x];
    if (y > r) for (let x = 0, i = (y - r - 1) * width; x < width; x++) column[x] -= rows[i + x];
    const scale = perRow[y];
    for (let x = 0, i = y * width; x < width; x++) out[i + x] = column[x] * scale;
  }
  return out;
}

/** The window sums kept per pixel: R, G, B, their six products, the mask, and its products with R, G, B. */
const SUMS = 13;

/**
 * Per working pixel, the window means of a (three planes) and b of the local model q = a·I + b.
 * The guide's and the mask's statistics over a window are sums of 8-bit integers, kept exactly as
 * running sums in one pass: each row's window sums once (a ring of 2r + 2 rows: the column's
 * window of 2r + 1, and the row entering it before the row leaving is taken away), the column's
 * running sum of those, the model solved as each row is reached. No plane per statistic (it took
 * 13 planes and their 13 box means: ~15 MB of arrays a photo).
 */
function coefficients(guide: RgbImage, mask: Uint8Array, r: number, eps: number) {
  const { width, height, data } = guide;
  const n = width * height;
  const stride = width * SUMS;
  const ringRows = 2 * r + 2;
  const ring = new Float64Array(ringRows * stride);
  const column = new Float64Array(stride);
  const pixel = new Float64Array(stride);
  const windowLength = (i: number, length: number) => Math.min(length - 1, i + r) - Math.max(0, i - r) + 1;
  const columns = Int32Array.from({ length: width }, (_, x) => windowLength(x, width));
  const sums: WindowSums = { data, mask, width, r, pixel, ring, ringRows, column };
  for (let y = 0; y < Math.min(r, height); y++) {
    rowSums(sums, y);
    addRow(sums, y, 1);
  }
  const a0 = new Float32Array(n);
  const a1 = new Float32Array(n);
  const a2 = new Float32Array(n);
  const b = new Float32Array(n);
  for (let y = 0; y < height; y++) {
    if (y + r < height) {
      rowSums(sums, y + r);
      addRow(sums, y + r, 1);
    }
    if (y > r) addRow(sums, y - r - 1, -1);
    const rows = windowLength(y, height);
    for (let x = 0, s = 0, i = y * width; x < width; x++, s += SUMS, i++) {
      // Means on 0–1 colours: a sum of single values over 255·count, of products over 255²·count.
      const one = 1 / (255 * rows * columns[x]);
      const two = one / 255;
      const mR = column[s] * one;
      const mG = column[s + 1] * one;
      const mB = column[s + 2] * one;
      const mp = column[s + 9] * one;
      // (Σ + eps·1)⁻¹ · cov(I, p), by the adjugate of the symmetric 3×3 matrix Σ + eps·1.
      const rr = column[s + 3] * two - mR * mR + eps;
      const rg = column[s + 4] * two - mR * mG;
      const rb = column[s + 5] * two - mR * mB;
      const gg = column[s + 6] * two - mG * mG + eps;
      const gb = column[s + 7] * two - mG * mB;
      const bb = column[s + 8] * two - mB * mB + eps;
      const c0 = column[s + 10] * two - mR * mp;
      const c1 = column[s + 11] * two - mG * mp;
      const c2 = column[s + 12] * two - mB * mp;
      const i00 = gg * bb - gb * gb;
      const i01 = rb * gb - rg * bb;
      const i02 = rg * gb - rb * gg;
      const i11 = rr * bb - rb * rb;
      const i12 = rb * rg - rr * gb;
      const i22 = rr * gg - rg * rg;
      const inverseDet = 1 / (rr * i00 + rg * i01 + rb * i02);
      const x0 = (i00 * c0 + i01 * c1 + i02 * c2) * inverseDet;
      const x1 = (i01 * c0 + i11 * c1 + i12 * c2) * inverseDet;
      const x2 = (i02 * c0 + i12 * c1 + i22 * c2) * inverseDet;
      a0[i] = x0;
      a1[i] = x1;
      a2[i] = x2;
      b[i] = mp - x0 * mR - x1 * mG - x2 * mB;
    }
  }
  const mean = boxMeans(width, height, r);
  return { a: [mean(a0), mean(a1), mean(a2)], b: mean(b) };
}

type WindowSums = {
  data: Uint8Array;
  mask: Uint8Array;
  width: number;
  r: number;
  /** One row's statistics, SUMS per pixel. */
  pixel: Float64Array;
  /** The last ringRows rows' window sums along x, row y in slot y % ringRows. */
  ring: Float64Array;
  ringRows: number;
  /** The running sum over the column's window of the ring's rows. */
  column: Float64Array;
};

/** Row y's window sums along x, into its slot of the ring (top-level for V8: see boxMeanOf). */
function rowSums({ data, mask, width, r, pixel, ring, ringRows }: WindowSums, y: number) {
  for (let x = 0, i = y * width, s = 0; x < width; x++, i++, s += SUMS) {
    const red = data[i * 3];
    const green = data[i * 3 + 1];
    const blue = data[i * 3 + 2];
    const p = mask[i];
    pixel[s] = red;
    pixel[s + 1] = green;
    pixel[s + 2] = blue;
    pixel[s + 3] = red * red;
    pixel[s + 4] = red * green;
    pixel[s + 5] = red * blue;
    pixel[s + 6] = green * green;
    pixel[s + 7] = green * blue;
    pixel[s + 8] = blue * blue;
    pixel[s + 9] = p;
    pixel[s + 10] = red * p;
    pixel[s + 11] = green * p;
    pixel[s + 12] = blue * p;
  }
  const out = (y % ringRows) * width * SUMS;
  for (let k = 0; k < SUMS; k++) {
    let sum = 0;
    for (let x = 0; x < Math.min(r, width); x++) sum += pixel[x * SUMS + k];
    for (let x = 0, s = k; x < width; x++, s += SUMS) {
      if (x + r < width) sum += pixel[s + r * SUMS];
      if (x > r) sum -= pixel[s - (r + 1) * SUMS];
      ring[out + s] = sum;
    }
  }
}

/** Adds (sign 1) or takes away (−1) row y's window sums to the column's. */
function addRow({ width, ring, ringRows, column }: WindowSums, y: number, sign: number) {
  const stride = width * SUMS;
  for (let k = 0, at = (y % ringRows) * stride; k < stride; k++) column[k] += sign * ring[at + k];
}

/** What a caller already knows of a working pixel's answer: KNOWN_ZERO or KNOWN_ONE (else 0). */
export const KNOWN_ZERO = 1;
export const KNOWN_ONE = 2;

/**
 * The refined mask (0–1) over `crop` of the full photo. `mask` (0–255) and `work` (the photo
 * scaled down) share the working size; `radius` is in working pixels, `eps` on 0–1 colour.
 * `known` (working size, optional) names pixels whose answer the caller already has: a full-size
 * pixel whose nearest working pixel is known gets that answer without the model's arithmetic (a
 * portrait's inside and its far background are most of its pixels).
 */
export function guidedFilter(input: {
  mask: Uint8Array;
  work: RgbImage;
  full: RgbImage;
  crop: Rect;
  radius: number;
  eps: number;
  known?: Uint8Array;
}): Float32Array {
  const { a, b } = coefficients(input.work, input.mask, input.radius, input.eps);
  return applyModel({ a, b }, input.work, input.full, input.crop, input.known);
}

/**
 * The local model applied at full size: q = a·I + b over `crop` of `full`, the coefficients (planes
 * at `work`'s size) bilinear between their four working pixels, clamped to 0..1.
 */
export function applyModel(
  { a, b }: { a: Float32Array[]; b: Float32Array },
  work: { width: number; height: number },
  full: RgbImage,
  crop: Rect,
  known?: Uint8Array,
): Float32Array {
  const plan = upsamplePlan(work, full, crop);
  const out = new Float32Array(crop.width * crop.height);
  for (let y = 0; y < crop.height; y++) applyRow(plan, y, full.data, a, b, out, known);
  return out;
}

/**
 * Bilinear upsampling from the working size (pixel centres aligned as sharp aligns them): each
 * full-size column's and row's working pixel and weight, and the nearest working pixel.
 */
type UpsamplePlan = {
  work: { width: number; height: number };
  fullWidth: number;
  crop: Rect;
  x0s: Int32Array;
  wxs: Float32Array;
  nearestColumns: Int32Array;
  y0s: Int32Array;
  wys: Float32Array;
  nearestRows: Int32Array;
};

function upsamplePlan(work: { width: number; height: number }, full: RgbImage, crop: Rect): UpsamplePlan {
  const axis = (length: number, offset: number, workLength: number, fullLength: number) => {
    const starts = new Int32Array(length);
    const weights = new Float32Array(length);
    const nearest = new Int32Array(length);
    const scale = workLength / fullLength;
    for (let i = 0; i < length; i++) {
      const f = Math.min(workLength - 1, Math.max(0, (i + offset + 0.5) * scale - 0.5));
      starts[i] = Math.floor(f);
      weights[i] = f - starts[i];
      nearest[i] = Math.min(workLength - 1, Math.floor((i + offset + 0.5) * scale));
    }
    return [starts, weights, nearest] as const;
  };
  const [x0s, wxs, nearestColumns] = axis(crop.width, crop.left, work.width, full.width);
  const [y0s, wys, nearestRows] = axis(crop.height, crop.top, work.height, full.height);
  return { work, fullWidth: full.width, crop, x0s, wxs, nearestColumns, y0s, wys, nearestRows };
}

/**
 * Output row y: q = a·I + b, the coefficients bilinear between their four working pixels, clamped
 * to 0..1 (top-level for V8); a pixel whose answer is known is only written.
 */
function applyRow(
  { work, crop, fullWidth, x0s, wxs, nearestColumns, y0s, wys, nearestRows }: UpsamplePlan,
  y: number,
  guide: Uint8Array,
  [a0, a1, a2]: Float32Array[],
  b: Float32Array,
  out: Float32Array,
  known: Uint8Array | undefined,
) {
  const top = y0s[y] * work.width;
  const bottom = y0s[y] < work.height - 1 ? top + work.width : top;
  const wy = wys[y];
  const knownRow = nearestRows[y] * work.width;
  const guideRow = ((y + crop.top) * fullWidth + crop.left) * 3;
  for (let x = 0, pixel = guideRow, i = y * crop.width; x < crop.width; x++, pixel += 3, i++) {
    if (known) {
      const answer = known[knownRow + nearestColumns[x]];
      if (answer !== 0) {
        out[i] = answer === KNOWN_ONE ? 1 : 0;
        continue;
      }
    }
    const x0 = x0s[x];
    const right = x0 < work.width - 1 ? 1 : 0;
    const wx = wxs[x];
    // The four corners' weights.
    const w00 = (1 - wx) * (1 - wy);
    const w01 = wx * (1 - wy);
    const w10 = (1 - wx) * wy;
    const w11 = wx * wy;
    const t0 = top + x0;
    const t1 = t0 + right;
    const b0 = bottom + x0;
    const b1 = b0 + right;
    const q =
      ((a0[t0] * w00 + a0[t1] * w01 + a0[b0] * w10 + a0[b1] * w11) * guide[pixel] +
        (a1[t0] * w00 + a1[t1] * w01 + a1[b0] * w10 + a1[b1] * w11) * guide[pixel + 1] +
        (a2[t0] * w00 + a2[t1] * w01 + a2[b0] * w10 + a2[b1] * w11) * guide[pixel + 2]) /
        255 +
      b[t0] * w00 +
      b[t1] * w01 +
      b[b0] * w10 +
      b[b1] * w11;
    out[i] = q < 0 ? 0 : q > 1 ? 1 : q;
  }
}
