/**
 * The child's own colours in the cut-out's soft edge. A pixel of alpha α shows α·F + (1 − α)·B,
 * F the child and B the old background: keeping the photo's colour there carries a fringe of the
 * old background (a halo of green lawn on a new scene). The multi-level foreground estimation of
 * Germer, Uelwer, Conrad and Harmeling (2020) solves for F and B with both smooth where alpha is:
 * from a 1×1 image up to the full size, each level starts from the one below and takes a few
 * sweeps of a per-pixel 2×2 solve against its four neighbours. On the large levels only the soft
 * edge moves; elsewhere F is the photo (opaque) or never shown (transparent).
 */
import type { Rect, RgbImage } from './guided-filter';

/** The method's defaults: sweeps on small and large levels, and where a level counts as small. */
const SMALL_SWEEPS = 10;
const LARGE_SWEEPS = 2;
const SMALL_SIDE = 32;
const REGULARISATION = 1e-5;
const GRADIENT_WEIGHT = 1;

/** A level: its size, alpha (0–1) and RGB (0–255) per pixel. */
type Level = { width: number; height: number; alpha: Float32Array; rgb: Uint8Array };
/**
 * A level's F and B (0–1, three per pixel): every pixel's on the small levels, and on the large
 * ones the edge's and its neighbours' only, `slots` saying where each pixel's are (-1: nowhere).
 */
type Store = { F: Float32Array; B: Float32Array; slots?: Int32Array };

/** One sweep over `pixels` (all when undefined), updating F and B in place. */
function sweep(level: Level, store: Store, pixels?: Int32Array) {
  const { width, height, alpha, rgb } = level;
  const { F, B, slots } = store;
  const count = pixels ? pixels.length : width * height;
  for (let k = 0; k < count; k++) {
    const i = pixels ? pixels[k] : k;
    const x = i % width;
    const y = (i - x) / width;
    const a0 = alpha[i];
    const a1 = 1 - a0;
    // The four neighbours, repeated at the border, and their weights.
    const n0 = x > 0 ? i - 1 : i;
    const n1 = x < width - 1 ? i + 1 : i;
    const n2 = y > 0 ? i - width : i;
    const n3 = y < height - 1 ? i + width : i;
    const w0 = REGULARISATION + GRADIENT_WEIGHT * Math.abs(a0 - alpha[n0]);
    const w1 = REGULARISATION + GRADIENT_WEIGHT * Math.abs(a0 - alpha[n1]);
    const w2 = REGULARISATION + GRADIENT_WEIGHT * Math.abs(a0 - alpha[n2]);
    const w3 = REGULARISATION + GRADIENT_WEIGHT * Math.abs(a0 - alpha[n3]);
    const s0 = (slots ? slots[n0] : n0) * 3;
    const s1 = (slots ? slots[n1] : n1) * 3;
    const s2 = (slots ? slots[n2] : n2) * 3;
    const s3 = (slots ? slots[n3] : n3) * 3;
    const own = (slots ? slots[i] : i) * 3;
    const weights = w0 + w1 + w2 + w3;
    const a00 = a0 * a0 + weights;
    const a11 = a1 * a1 + weights;
    const a01 = a0 * a1;
    const inverse = 1 / (a00 * a11 - a01 * a01);
    for (let c = 0; c < 3; c++) {
      const colour = rgb[i * 3 + c] / 255;
      const rf = a0 * colour + w0 * F[s0 + c] + w1 * F[s1 + c] + w2 * F[s2 + c] + w3 * F[s3 + c];
      const rb = a1 * colour + w0 * B[s0 + c] + w1 * B[s1 + c] + w2 * B[s2 + c] + w3 * B[s3 + c];
      const f = (a11 * rf - a01 * rb) * inverse;
      const b = (a00 * rb - a01 * rf) * inverse;
      F[own + c] = f < 0 ? 0 : f > 1 ? 1 : f;
      B[own + c] = b < 0 ? 0 : b > 1 ? 1 : b;
    }
  }
}

/** The pixels a sweep must move: the soft ones and those beside a change of alpha. */
function edgeOf({ width, height, alpha }: Level): Int32Array {
  if (edgeScratch.length < alpha.length) edgeScratch = new Int32Array(alpha.length);
  const edge = edgeScratch;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const a = alpha[i];
      if (
        (a > 0 && a < 1) ||
        (x > 0 && alpha[i - 1] !== a) ||
        (x < width - 1 && alpha[i + 1] !== a) ||
        (y > 0 && alpha[i - width] !== a) ||
        (y < height - 1 && alpha[i + width] !== a)
      )
        edge[count++] = i;
    }
  }
  return edge.slice(0, count);
}

/** edgeOf's working list, kept between calls (a photo's edge is a few per cent of it). */
let edgeScratch = new Int32Array(0);

/** The pixels and their four neighbours, each once, in order; and where each is kept (-1: not kept). */
function around(pixels: Int32Array, width: number, height: number): { kept: Int32Array; slots: Int32Array } {
  const slots = new Int32Array(width * height).fill(-1);
  // Index loops, here and below: a for-of over a typed array made an iterator result per pixel.
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k];
    const x = i % width;
    slots[i] = 0;
    if (x > 0) slots[i - 1] = 0;
    if (x < width - 1) slots[i + 1] = 0;
    if (i >= width) slots[i - width] = 0;
    if (i + width < slots.length) slots[i + width] = 0;
  }
  // Each pixel keeps itself and its four neighbours at most.
  const kept = new Int32Array(Math.min(slots.length, 5 * pixels.length));
  let count = 0;
  for (let i = 0; i < slots.length; i++) {
    if (slots[i] < 0) continue;
    kept[count] = i;
    slots[i] = count++;
  }
  return { kept: kept.subarray(0, count), slots };
}

/**
 * A level's store (of every pixel, or of the `sparse` ones) started from the level below (its
 * nearest pixel), except that F is the photo where opaque and B where transparent: what the
 * sweeps settle on there. A pixel whose parent below was not kept starts from its own colour.
 */
function startFrom(
  level: Level,
  below: { width: number; height: number; store: Store },
  sparse?: { kept: Int32Array; slots: Int32Array },
): Store {
  const { width, height, alpha, rgb } = level;
  const count = sparse ? sparse.kept.length : width * height;
  const F = new Float32Array(count * 3);
  const B = new Float32Array(count * 3);
  const scaleY = below.height / height;
  const scaleX = below.width / width;
  const { slots } = below.store;
  for (let k = 0; k < count; k++) {
    const i = sparse ? sparse.kept[k] : k;
    const x = i % width;
    const parent = Math.floor(((i - x) / width) * scaleY) * below.width + Math.floor(x * scaleX);
    const from = (slots ? slots[parent] : parent) * 3;
    for (let c = 0; c < 3; c++) {
      const own = rgb[i * 3 + c] / 255;
      F[k * 3 + c] = alpha[i] >= 1 || from < 0 ? own : below.store.F[from + c];
      B[k * 3 + c] = alpha[i] <= 0 || from < 0 ? own : below.store.B[from + c];
    }
  }
  return { F, B, slots: sparse?.slots };
}

/** The level of `size`: the nearest pixels of the full-size one. */
function levelOf(full: Level, width: number, height: number): Level {
  if (width === full.width && height === full.height) return full;
  const alpha = new Float32Array(width * height);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = Math.min(full.height - 1, Math.floor((y * full.height) / height)) * full.width;
    for (let x = 0; x < width; x++) {
      const from = row + Math.min(full.width - 1, Math.floor((x * full.width) / width));
      const to = y * width + x;
      alpha[to] = full.alpha[from];
      rgb[to * 3] = full.rgb[from * 3];
      rgb[to * 3 + 1] = full.rgb[from * 3 + 1];
      rgb[to * 3 + 2] = full.rgb[from * 3 + 2];
    }
  }
  return { width, height, alpha, rgb };
}

/**
 * F (RGB, 0–1, three per pixel) where the full-size level's alpha is soft; `soft` lists those
 * pixels, in the order of F. The large levels keep only their edge and its neighbours.
 */
function estimateForeground(full: Level): { soft: Int32Array; F: Float32Array } {
  const levels = Math.max(1, Math.ceil(Math.log2(Math.max(full.width, full.height))));
  let below = { width: 1, height: 1, store: { F: new Float32Array(3), B: new Float32Array(3) } as Store };
  let edge: Int32Array = new Int32Array(0);
  for (let l = 0; l <= levels; l++) {
    const width = Math.max(1, Math.round(full.width ** (l / levels)));
    const height = Math.max(1, Math.round(full.height ** (l / levels)));
    const level = levelOf(full, width, height);
    const small = width * height <= SMALL_SIDE * SMALL_SIDE;
    // On large levels only the edge moves (elsewhere the sweeps have nothing to change).
    edge = small ? new Int32Array(0) : edgeOf(level);
    const store = startFrom(level, below, small ? undefined : around(edge, width, height));
    for (let s = 0; s < (small ? SMALL_SWEEPS : LARGE_SWEEPS); s++)
      sweep(level, store, small ? undefined : edge);
    below = { width, height, store };
  }
  // The soft pixels are on the edge of a large top level; a small one was swept whole.
  const candidates = below.width * below.height <= SMALL_SIDE * SMALL_SIDE ? allPixels(full) : edge;
  const soft = new Int32Array(candidates.length);
  const F = new Float32Array(candidates.length * 3);
  const { slots } = below.store;
  let count = 0;
  for (let k = 0; k < candidates.length; k++) {
    const i = candidates[k];
    if (full.alpha[i] <= 0 || full.alpha[i] >= 1) continue;
    const at = (slots ? slots[i] : i) * 3;
    F[count * 3] = below.store.F[at];
    F[count * 3 + 1] = below.store.F[at + 1];
    F[count * 3 + 2] = below.store.F[at + 2];
    soft[count++] = i;
  }
  return { soft: soft.subarray(0, count), F: F.subarray(0, count * 3) };
}

const allPixels = (level: Level) => Int32Array.from({ length: level.width * level.height }, (_, i) => i);

/**
 * The cut-out's RGB over `crop` of the photo: the photo, with the child's own colour wherever alpha
 * is soft, and black where it is 0. Nothing draws a transparent pixel's colour (the canvases blend
 * premultiplied, the feather only lowers alpha, the light is alpha-weighted), so the cut-out keeps
 * none of the old background: on the cut-out set its PNG is 37% smaller (mean 580 → 366 kB).
 */
export function foregroundColours(photo: RgbImage, alpha: Uint8Array, crop: Rect): Buffer {
  const n = crop.width * crop.height;
  const out = Buffer.alloc(n * 3);
  for (let y = 0; y < crop.height; y++) {
    const from = ((y + crop.top) * photo.width + crop.left) * 3;
    out.set(photo.data.subarray(from, from + crop.width * 3), y * crop.width * 3);
  }
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = alpha[i] / 255;
  const { soft, F } = estimateForeground({ width: crop.width, height: crop.height, alpha: a, rgb: out });
  for (let k = 0; k < soft.length; k++) {
    for (let c = 0; c < 3; c++) out[soft[k] * 3 + c] = F[k * 3 + c] * 255 + 0.5;
  }
  // After the estimate: its background colours are learnt from the photo there.
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    if (alpha[i] === 0) {
      out[j] = 0;
      out[j + 1] = 0;
      out[j + 2] = 0;
    }
  }
  return out;
}
