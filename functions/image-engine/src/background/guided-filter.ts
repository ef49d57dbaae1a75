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
 * The box mean for many planes of one size: the window's counts and the row pass's buffer are
 * made once (the guided filter takes 17 means, and fewer large arrays mean fewer collections).
 */
export function boxMeans(width: number, height: number, r: number): (src: Float32Array) => Float32Array {
  // How many pixels each window holds along x (and below, along y): fewer at the borders.
  const inverseCount = (length: number) =>
    Float32Array.from({ length }, (_, i) => 1 / (Math.min(length - 1, i + r) - Math.max(0, i - r) + 1));
  const perColumn = inverseCount(width);
  const perRow = inverseCount(height);
  const rows = new Float32Array(width * height);
  const column = new Float64Array(width);
  // Along a row, pixel x + r enters the window while x < enters; pixel x − r − 1 leaves from x ≥ leaves.
  const enters = Math.max(0, width - r);
  const leaves = Math.min(width, r + 1);
  return (src) => {
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
  };
}

/** Per working pixel, the window means of a (three planes) and b of the local model q = a·I + b. */
function coefficients(guide: RgbImage, p: Float32Array, r: number, eps: number) {
  const { width, height, data } = guide;
  const n = width * height;
  // The guide's channels, their products with p and with each other (rr, rg, rb, gg, gb, bb).
  const planes = Array.from({ length: 12 }, () => new Float32Array(n));
  const [R, G, B, Rp, Gp, Bp, RR, RG, RB, GG, GB, BB] = planes;
  for (let i = 0; i < n; i++) {
    const red = data[i * 3] / 255;
    const green = data[i * 3 + 1] / 255;
    const blue = data[i * 3 + 2] / 255;
    R[i] = red;
    G[i] = green;
    B[i] = blue;
    Rp[i] = red * p[i];
    Gp[i] = green * p[i];
    Bp[i] = blue * p[i];
    RR[i] = red * red;
    RG[i] = red * green;
    RB[i] = red * blue;
    GG[i] = green * green;
    GB[i] = green * blue;
    BB[i] = blue * blue;
  }
  const mean = boxMeans(width, height, r);
  const [mR, mG, mB, mRp, mGp, mBp, mRR, mRG, mRB, mGG, mGB, mBB] = planes.map(mean);
  const mp = mean(p);
  const a0 = new Float32Array(n);
  const a1 = new Float32Array(n);
  const a2 = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    // (Σ + eps·1)⁻¹ · cov(I, p), by the adjugate of the symmetric 3×3 matrix Σ + eps·1.
    const rr = mRR[i] - mR[i] * mR[i] + eps;
    const rg = mRG[i] - mR[i] * mG[i];
    const rb = mRB[i] - mR[i] * mB[i];
    const gg = mGG[i] - mG[i] * mG[i] + eps;
    const gb = mGB[i] - mG[i] * mB[i];
    const bb = mBB[i] - mB[i] * mB[i] + eps;
    const c0 = mRp[i] - mR[i] * mp[i];
    const c1 = mGp[i] - mG[i] * mp[i];
    const c2 = mBp[i] - mB[i] * mp[i];
    const i00 = gg * bb - gb * gb;
    const i01 = rb * gb - rg * bb;
    const i02 = rg * gb - rb * gg;
    const i11 = rr * bb - rb * rb;
    const i12 = rb * rg - rr * gb;
    const i22 = rr * gg - rg * rg;
    const inverseDet = 1 / (rr * i00 + rg * i01 + rb * i02);
    a0[i] = (i00 * c0 + i01 * c1 + i02 * c2) * inverseDet;
    a1[i] = (i01 * c0 + i11 * c1 + i12 * c2) * inverseDet;
    a2[i] = (i02 * c0 + i12 * c1 + i22 * c2) * inverseDet;
    b[i] = mp[i] - a0[i] * mR[i] - a1[i] * mG[i] - a2[i] * mB[i];
  }
  return { a: [mean(a0), mean(a1), mean(a2)], b: mean(b) };
}

/**
 * The refined mask (0–1) over `crop` of the full photo. `mask` (0–255) and `work` (the photo
 * scaled down) share the working size; `radius` is in working pixels, `eps` on 0–1 colour.
 */
export function guidedFilter(input: {
  mask: Uint8Array;
  work: RgbImage;
  full: RgbImage;
  crop: Rect;
  radius: number;
  eps: number;
}): Float32Array {
  const { work, full, crop } = input;
  const p = new Float32Array(input.mask.length);
  for (let i = 0; i < p.length; i++) p[i] = input.mask[i] / 255;
  const { a, b } = coefficients(work, p, input.radius, input.eps);
  const planes = [...a, b];
  // Bilinear upsampling of the four planes (pixel centres aligned as sharp aligns them).
  const clampTo = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const x0s = new Int32Array(crop.width);
  const wxs = new Float32Array(crop.width);
  for (let x = 0; x < crop.width; x++) {
    const fx = clampTo((x + crop.left + 0.5) * (work.width / full.width) - 0.5, work.width - 1);
    x0s[x] = Math.floor(fx);
    wxs[x] = fx - x0s[x];
  }
  // Each output row's vertical blend of the four planes once; the last column blends with itself.
  const [ar, ag, ab, bRow] = planes.map(() => new Float32Array(work.width + 1));
  const rows = [ar, ag, ab, bRow];
  const out = new Float32Array(crop.width * crop.height);
  for (let y = 0; y < crop.height; y++) {
    const fy = clampTo((y + crop.top + 0.5) * (work.height / full.height) - 0.5, work.height - 1);
    const top = Math.floor(fy) * work.width;
    const bottom = fy < work.height - 1 ? top + work.width : top;
    const wy = fy - Math.floor(fy);
    for (let k = 0; k < 4; k++) {
      const plane = planes[k];
      const row = rows[k];
      for (let x = 0; x < work.width; x++)
        row[x] = plane[top + x] + (plane[bottom + x] - plane[top + x]) * wy;
      row[work.width] = row[work.width - 1];
    }
    const guideRow = ((y + crop.top) * full.width + crop.left) * 3;
    for (let x = 0, pixel = guideRow; x < crop.width; x++, pixel += 3) {
      const x0 = x0s[x];
      const wx = wxs[x];
      const q =
        ((ar[x0] + (ar[x0 + 1] - ar[x0]) * wx) * full.data[pixel] +
          (ag[x0] + (ag[x0 + 1] - ag[x0]) * wx) * full.data[pixel + 1] +
          (ab[x0] + (ab[x0 + 1] - ab[x0]) * wx) * full.data[pixel + 2]) /
          255 +
        bRow[x0] +
        (bRow[x0 + 1] - bRow[x0]) * wx;
      out[y * crop.width + x] = q < 0 ? 0 : q > 1 ? 1 : q;
    }
  }
  return out;
}
