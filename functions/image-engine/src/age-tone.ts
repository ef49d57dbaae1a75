/**
 * Mild, age-appropriate finishing inside the head only: older faces get a little more skin
 * texture (a soft unsharp mask) and slightly less saturated colour; younger faces get softer skin
 * and slightly more saturated colour. Deliberately subtle: the warp carries the change of proportions.
 */

import { ellipseBounds, type HeadModel } from './head-geometry';
import type { RawImage } from './types';

/** Strength in [-1, 1]: positive ages, negative rejuvenates, 0 leaves the image as it is. */
export function applyAgeTone(img: RawImage, head: HeadModel, strength: number): RawImage {
  const s = Math.max(-1, Math.min(1, strength));
  const out = new Uint8Array(img.data);
  // Below a few percent the change would not show; skip the blur.
  if (Math.abs(s) < 0.02) return { ...img, data: out };
  const { width: w, channels: c, data } = img;
  // The lower face has moved down when aged: stretch the mask along the face to follow it.
  const stretch = 1 + 0.25 * Math.max(0, s);
  const bounds = ellipseBounds(img, { ...head, b: head.b * stretch }, MASK_END);
  if (bounds.x0 > bounds.x1 || bounds.y0 > bounds.y1) return { ...img, data: out };
  const blur = halfResolutionBlur(img, bounds, Math.max(1, head.a * 0.025));
  const bd = blur.data;
  const ux = head.up.x;
  const uy = head.up.y;
  const sharpen = 0.4 * Math.max(0, s);
  const soften = 0.25 * Math.max(0, -s);
  const saturation = 1 - 0.06 * s;
  const colour = Math.min(c, 3);
  const px = new Float64Array(3);
  for (let y = bounds.y0; y <= bounds.y1; y++) {
    const dy = y - head.cy;
    for (let x = bounds.x0; x <= bounds.x1; x++) {
      const dx = x - head.cx;
      const across = (dx * -uy + dy * ux) / head.a;
      const alongPx = dx * ux + dy * uy;
      const along = alongPx / (alongPx < 0 ? head.b * stretch : head.b);
      const m = mask(Math.sqrt(across * across + along * along));
      if (m === 0) continue;
      const i = (y * w + x) * c;
      // Bilinear weights into the half-resolution blur (its pixel u is centred on x0 + 2u + 0.5).
      const fu = Math.min(Math.max((x - blur.x0 - 0.5) / 2, 0), blur.w - 1);
      const fv = Math.min(Math.max((y - blur.y0 - 0.5) / 2, 0), blur.h - 1);
      const u0 = fu | 0;
      const v0 = fv | 0;
      const du = u0 < blur.w - 1 ? c : 0;
      const dv = v0 < blur.h - 1 ? blur.w * c : 0;
      const tx = fu - u0;
      const ty = fv - v0;
      const p0 = (v0 * blur.w + u0) * c;
      let mean = 0;
      for (let ch = 0; ch < colour; ch++) {
        const p = p0 + ch;
        const top = bd[p] + (bd[p + du] - bd[p]) * tx;
        const bottom = bd[p + dv] + (bd[p + dv + du] - bd[p + dv]) * tx;
        const b = top + (bottom - top) * ty;
        const v = data[i + ch];
        // Unsharp mask adds texture; blending toward the blur smooths it.
        px[ch] = v + sharpen * (v - b) + soften * (b - v);
        mean += px[ch];
      }
      mean /= colour;
      for (let ch = 0; ch < colour; ch++) {
        const graded = colour === 3 ? mean + (px[ch] - mean) * saturation : px[ch];
        const v = data[i + ch] + (graded - data[i + ch]) * m;
        out[i + ch] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return { ...img, data: out };
}

const MASK_START = 0.8;
const MASK_END = 1.15;

function mask(rho: number): number {
  if (rho <= MASK_START) return 1;
  if (rho >= MASK_END) return 0;
  const t = (rho - MASK_START) / (MASK_END - MASK_START);
  return 1 - t * t * (3 - 2 * t);
}

type Bounds = { x0: number; x1: number; y0: number; y1: number };

/**
 * A blur of the region, computed at half resolution (a quarter of the work: the blur is wide
 * anyway) with two separable box passes; read it back bilinearly.
 */
function halfResolutionBlur(img: RawImage, b: Bounds, radius: number) {
  const { width: w, height: h, channels: c, data } = img;
  const r = Math.max(1, Math.round(radius / 2));
  // A margin so the region's edges blur like its inside.
  const x0 = Math.max(0, b.x0 - 4 * r);
  const y0 = Math.max(0, b.y0 - 4 * r);
  const x1 = Math.min(w - 1, b.x1 + 4 * r);
  const y1 = Math.min(h - 1, b.y1 + 4 * r);
  const hw = Math.ceil((x1 - x0 + 1) / 2);
  const hh = Math.ceil((y1 - y0 + 1) / 2);
  const small = new Float32Array(hw * hh * c);
  for (let v = 0; v < hh; v++) {
    const ya = y0 + 2 * v;
    const yb = Math.min(ya + 1, y1);
    for (let u = 0; u < hw; u++) {
      const xa = x0 + 2 * u;
      const xb = Math.min(xa + 1, x1);
      const o = (v * hw + u) * c;
      for (let ch = 0; ch < c; ch++) {
        small[o + ch] =
          (data[(ya * w + xa) * c + ch] +
            data[(ya * w + xb) * c + ch] +
            data[(yb * w + xa) * c + ch] +
            data[(yb * w + xb) * c + ch]) *
          0.25;
      }
    }
  }
  const once = boxPass(boxPass(small, hw, hh, c, r, true), hw, hh, c, r, false);
  const blurred = boxPass(boxPass(once, hw, hh, c, r, true), hw, hh, c, r, false);
  return { data: blurred, x0, y0, w: hw, h: hh };
}

/** One running-sum box blur along rows (horizontal) or columns, edges clamped. */
function boxPass(src: Float32Array, w: number, h: number, c: number, r: number, horizontal: boolean) {
  const out = new Float32Array(src.length);
  const lines = horizontal ? h : w;
  const len = horizontal ? w : h;
  const step = (horizontal ? 1 : w) * c;
  const norm = 1 / (2 * r + 1);
  const last = (len - 1) * step;
  for (let line = 0; line < lines; line++) {
    const base = (horizontal ? line * w : line) * c;
    for (let ch = 0; ch < c; ch++) {
      const first = base + ch;
      let sum = 0;
      for (let i = -r; i <= r; i++) sum += src[first + (i < 0 ? 0 : i >= len ? last : i * step)];
      for (let i = 0, at = first; i < len; i++, at += step) {
        out[at] = sum * norm;
        const add = i + r + 1;
        const drop = i - r;
        sum += src[first + (add >= len ? last : add * step)] - src[first + (drop < 0 ? 0 : drop * step)];
      }
    }
  }
  return out;
}
