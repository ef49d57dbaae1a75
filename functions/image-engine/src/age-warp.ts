/**
 * Craniofacial growth as a cardioidal strain (Shaw & Pittenger): in the head's own polar frame,
 * R' = R·(1 + k·(1 − cos θ)), θ from the crown. The crown stays put, the lower face lengthens for
 * k > 0 and shortens for k < 0. Pure TypeScript on raw pixels, so it runs the same anywhere.
 */

import { applyAgeTone } from './age-tone';
import { ellipseBounds, type HeadModel } from './head-geometry';
import type { RawImage } from './types';

/** Largest strain we apply; beyond it the neck below the chin would be squeezed too hard. */
export const MAX_STRAIN = 0.2;

/** Share of adult craniofacial growth reached at an age (0 at birth, 1 from 20). */
export function growthFraction(age: number): number {
  const t = Math.min(Math.max(age, 0), 20) / 20;
  return 1 - (1 - t) * (1 - t);
}

/** Scales the gap in growth to a strain; a toddler (2) aged to 21 gets about MAX_STRAIN. */
const STRAIN_PER_GROWTH = 0.25;

/**
 * k from the face's estimated age to the target age. A photo already older than the target gets
 * k ≤ 0 (made younger, never older); |k| is clamped to MAX_STRAIN.
 */
export function strainForAges(estimatedAge: number, targetAge: number): number {
  const k = STRAIN_PER_GROWTH * (growthFraction(targetAge) - growthFraction(estimatedAge));
  return Math.min(MAX_STRAIN, Math.max(-MAX_STRAIN, k));
}

// Where the strain fades, in normalised head radii (chin at 1). It ends close to the head over the
// crown and the sides, and further down over the neck, which absorbs the chin's movement.
const FADE_START = 0.75;
export function fadeEnd(cosTheta: number): number {
  const g = (1 - cosTheta) / 2;
  return 1.3 + 0.7 * g * g;
}
/** Beyond this normalised radius nothing moves, in any direction. */
export const WARP_RADIUS = fadeEnd(-1);

/** 1 inside the face, easing to 0 at fadeEnd; returns [f, df/dρ]. */
function fade(rho: number, end: number): [number, number] {
  if (rho <= FADE_START) return [1, 0];
  if (rho >= end) return [0, 0];
  const span = end - FADE_START;
  const t = (rho - FADE_START) / span;
  return [1 - t * t * (3 - 2 * t), (-6 * t * (1 - t)) / span];
}

/** The forward map along one ray: normalised radius before → after, with its derivative. */
export function strainedRadius(rho: number, cosTheta: number, k: number): { r: number; dr: number } {
  const g = 1 - cosTheta;
  const [f, df] = fade(rho, fadeEnd(cosTheta));
  return { r: rho * (1 + k * g * f), dr: 1 + k * g * (f + rho * df) };
}

/** Inverse of strainedRadius by Newton's method (the map is monotonic for |k| ≤ MAX_STRAIN). */
export function sourceRadius(target: number, cosTheta: number, k: number): number {
  const g = 1 - cosTheta;
  const end = fadeEnd(cosTheta);
  let rho = target / (1 + k * g * fade(target, end)[0]);
  for (let i = 0; i < 4; i++) {
    const [f, df] = fade(rho, end);
    const r = rho * (1 + k * g * f) - target;
    rho -= r / (1 + k * g * (f + rho * df));
  }
  return rho;
}

/** Bilinear sample of every channel at (x, y), edges clamped, written to out at o. */
function sampleInto(
  data: Uint8Array,
  w: number,
  h: number,
  c: number,
  x: number,
  y: number,
  out: Uint8Array,
  o: number,
): void {
  const xc = Math.min(Math.max(x, 0), w - 1);
  const yc = Math.min(Math.max(y, 0), h - 1);
  const x0 = xc | 0;
  const y0 = yc | 0;
  const fx = xc - x0;
  const fy = yc - y0;
  const dx = x0 < w - 1 ? c : 0;
  const dy = y0 < h - 1 ? w * c : 0;
  const i00 = (y0 * w + x0) * c;
  for (let ch = 0; ch < c; ch++) {
    const p = i00 + ch;
    const top = data[p] + (data[p + dx] - data[p]) * fx;
    const bottom = data[p + dy] + (data[p + dy + dx] - data[p + dy]) * fx;
    out[o + ch] = Math.round(top + (bottom - top) * fy);
  }
}

/**
 * The cardioid describes growth seen in profile. Seen from the front, the face widens much less
 * than it lengthens (adult faces are relatively narrower than children's), so only this share of
 * the strain is applied across the face.
 */
export const LATERAL_SHARE = 0.45;

/** Spacing of the grid on which the inverse map is solved exactly; pixels in between interpolate. */
const GRID = 4;

/**
 * Applies the strain as an inverse map: each output pixel looks up where it came from and samples
 * it bilinearly. The map is smooth, so it is solved on a 4 px grid and interpolated; pixels whose
 * grid cell does not move are copied unchanged. `lateralShare` (default 1, the pure model) scales
 * the part of the displacement across the face (see LATERAL_SHARE).
 */
export function cardioidalWarp(src: RawImage, head: HeadModel, k: number, lateralShare = 1): RawImage {
  const out = new Uint8Array(src.data);
  if (k === 0) return { ...src, data: out };
  const { width: w, height: h, channels: c, data } = src;
  const { cx, cy, a, b } = head;
  const ux = head.up.x;
  const uy = head.up.y;
  // Across axis: up rotated a quarter turn clockwise.
  const ax = -uy;
  const ay = ux;
  const bounds = ellipseBounds(src, head, WARP_RADIUS);
  if (bounds.x0 > bounds.x1 || bounds.y0 > bounds.y1) return { ...src, data: out };

  // Displacement (source − output) at the grid nodes; zero beyond the fade.
  const gw = Math.ceil((bounds.x1 - bounds.x0) / GRID) + 2;
  const gh = Math.ceil((bounds.y1 - bounds.y0) / GRID) + 2;
  const gx = new Float32Array(gw * gh);
  const gy = new Float32Array(gw * gh);
  const moving = new Uint8Array(gw * gh);
  for (let j = 0; j < gh; j++) {
    const dy = bounds.y0 + j * GRID - cy;
    for (let i = 0; i < gw; i++) {
      const dx = bounds.x0 + i * GRID - cx;
      const acrossPx = dx * ax + dy * ay;
      const alongPx = dx * ux + dy * uy;
      const across = acrossPx / a;
      const along = alongPx / b;
      const rho = Math.sqrt(across * across + along * along);
      if (rho < 1e-9 || rho >= fadeEnd(along / rho)) continue;
      // The normalisation is linear, so a ray in the head frame is a ray in the image.
      const s = sourceRadius(rho, along / rho, k) / rho - 1;
      const dAlong = alongPx * s;
      const dAcross = acrossPx * s * lateralShare;
      const n = j * gw + i;
      gx[n] = ux * dAlong + ax * dAcross;
      gy[n] = uy * dAlong + ay * dAcross;
      // Mark the four cells that share this node.
      moving[n] = 1;
      if (i > 0) moving[n - 1] = 1;
      if (j > 0) moving[n - gw] = 1;
      if (i > 0 && j > 0) moving[n - gw - 1] = 1;
    }
  }

  for (let y = bounds.y0; y <= bounds.y1; y++) {
    const fy = (y - bounds.y0) / GRID;
    const j = Math.floor(fy);
    const ty = fy - j;
    for (let x = bounds.x0; x <= bounds.x1; x++) {
      const fx = (x - bounds.x0) / GRID;
      const i = Math.floor(fx);
      const n = j * gw + i;
      if (moving[n] === 0) continue;
      const tx = fx - i;
      const sx = x + lerp2(gx[n], gx[n + 1], gx[n + gw], gx[n + gw + 1], tx, ty);
      const sy = y + lerp2(gy[n], gy[n + 1], gy[n + gw], gy[n + gw + 1], tx, ty);
      sampleInto(data, w, h, c, sx, sy, out, (y * w + x) * c);
    }
  }
  return { ...src, data: out };
}

function lerp2(v00: number, v10: number, v01: number, v11: number, tx: number, ty: number): number {
  const top = v00 + (v10 - v00) * tx;
  const bottom = v01 + (v11 - v01) * tx;
  return top + (bottom - top) * ty;
}

/**
 * Ages the head in `src` from the age the face model estimated to the target age: the growth
 * warp, then the mild finishing of age-tone.ts. Returns the strain used.
 */
export function ageFace(
  src: RawImage,
  head: HeadModel,
  ages: { estimatedAge: number; targetAge: number },
): { image: RawImage; k: number } {
  const k = strainForAges(ages.estimatedAge, ages.targetAge);
  const warped = cardioidalWarp(src, head, k, LATERAL_SHARE);
  return { image: applyAgeTone(warped, head, k / MAX_STRAIN), k };
}
