import { describe, expect, it } from 'vitest';
import { applyAgeTone } from './age-tone';
import {
  ageFace,
  cardioidalWarp,
  growthFraction,
  MAX_STRAIN,
  sourceRadius,
  strainedRadius,
  strainForAges,
  WARP_RADIUS,
} from './age-warp';
import type { HeadModel } from './head-geometry';
import type { RawImage } from './types';

const W = 200;
const H = 260;
const upright: HeadModel = { cx: 100, cy: 100, up: { x: 0, y: -1 }, a: 40, b: 50 };

/** A textured background, a grey head ellipse and a dark "mouth" bar 42 px below the origin. */
function synthetic(head: HeadModel = upright, channels: 3 | 4 = 3): RawImage {
  const data = new Uint8Array(W * H * channels);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const dx = x - head.cx;
      const dy = y - head.cy;
      const across = (dx * -head.up.y + dy * head.up.x) / head.a;
      const along = (dx * head.up.x + dy * head.up.y) / head.b;
      const inHead = across * across + along * along <= 1;
      // The bar lies across the face, at 0.84 of the way from the origin to the chin.
      const mouth = Math.abs(along + 0.84) < 0.05 && Math.abs(across) < 0.5;
      const texture = ((x * 7 + y * 13) % 17) * 3;
      const v = mouth ? 20 : inHead ? 150 + (texture % 20) : 60 + texture;
      const i = (y * W + x) * channels;
      data[i] = v;
      data[i + 1] = (v + 30) % 256;
      data[i + 2] = (v * 3) % 256;
      if (channels === 4) data[i + 3] = 255;
    }
  }
  return { data, width: W, height: H, channels };
}

/** Mean position of the dark bar's pixels. */
function darkCentroid(img: RawImage): { x: number; y: number } {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[(y * img.width + x) * img.channels] < 40) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  return { x: sx / n, y: sy / n };
}

/** True when every pixel beyond `radius` head radii is byte-identical in both images. */
function farPixelsEqual(a: RawImage, b: RawImage, head: HeadModel, radius: number): boolean {
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const dx = x - head.cx;
      const dy = y - head.cy;
      const across = (dx * -head.up.y + dy * head.up.x) / head.a;
      const along = (dx * head.up.x + dy * head.up.y) / head.b;
      if (Math.hypot(across, along) < radius) continue;
      for (let ch = 0; ch < a.channels; ch++) {
        const i = (y * a.width + x) * a.channels + ch;
        if (a.data[i] !== b.data[i]) return false;
      }
    }
  }
  return true;
}

describe('cardioidal growth warp', () => {
  it('is the identity for k = 0', () => {
    const src = synthetic();
    expect(Buffer.from(cardioidalWarp(src, upright, 0).data).equals(Buffer.from(src.data))).toBe(true);
  });

  it('leaves pixels outside the head untouched', () => {
    const src = synthetic();
    for (const k of [MAX_STRAIN, -MAX_STRAIN]) {
      const out = cardioidalWarp(src, upright, k);
      expect(farPixelsEqual(src, out, upright, WARP_RADIUS + 0.1)).toBe(true);
      // ...while the face itself did change.
      expect(Buffer.from(out.data).equals(Buffer.from(src.data))).toBe(false);
    }
  });

  it('moves the chin region down for k > 0 and up for k < 0', () => {
    const before = darkCentroid(synthetic());
    const older = darkCentroid(cardioidalWarp(synthetic(), upright, 0.15));
    const younger = darkCentroid(cardioidalWarp(synthetic(), upright, -0.15));
    // Along the chin direction (θ = π) R' ≈ R·(1 + 2k): 42 px below the origin becomes ~50 px.
    expect(older.y - before.y).toBeGreaterThan(6);
    expect(before.y - younger.y).toBeGreaterThan(6);
    expect(Math.abs(older.x - before.x)).toBeLessThan(1);
  });

  it('follows the face roll: with the crown pointing right, the chin moves left', () => {
    // roll = +90°: chin→crown points to the image's right.
    const tilted: HeadModel = { ...upright, up: { x: 1, y: 0 } };
    const before = darkCentroid(synthetic(tilted));
    const older = darkCentroid(cardioidalWarp(synthetic(tilted), tilted, 0.15));
    expect(before.x - older.x).toBeGreaterThan(6);
    expect(Math.abs(older.y - before.y)).toBeLessThan(1);
  });

  it('keeps the crown in place', () => {
    // Along the crown direction 1 − cos θ = 0: a point above the origin does not move.
    expect(strainedRadius(0.9, 1, MAX_STRAIN).r).toBeCloseTo(0.9, 10);
    expect(strainedRadius(0.5, -1, 0.1).r).toBeCloseTo(0.5 * 1.2, 10);
  });

  it('never folds over: the radial map is increasing for |k| ≤ MAX_STRAIN', () => {
    for (const k of [MAX_STRAIN, -MAX_STRAIN]) {
      for (let c = -1; c <= 1; c += 0.05) {
        for (let rho = 0; rho <= WARP_RADIUS + 0.1; rho += 0.01) {
          expect(strainedRadius(rho, c, k).dr).toBeGreaterThan(0.2);
        }
      }
    }
  });

  it('inverts the forward map exactly enough to sample from (< 0.001 head radii)', () => {
    for (const k of [MAX_STRAIN, 0.07, -0.07, -MAX_STRAIN]) {
      for (let c = -1; c <= 1; c += 0.1) {
        for (let rho = 0.01; rho <= WARP_RADIUS; rho += 0.02) {
          expect(Math.abs(sourceRadius(strainedRadius(rho, c, k).r, c, k) - rho)).toBeLessThan(1e-3);
        }
      }
    }
  });

  it('is deterministic', () => {
    const a = ageFace(synthetic(undefined, 4), upright, { estimatedAge: 3, targetAge: 21 });
    const b = ageFace(synthetic(undefined, 4), upright, { estimatedAge: 3, targetAge: 21 });
    expect(a.k).toBeGreaterThan(0);
    expect(Buffer.from(a.image.data).equals(Buffer.from(b.image.data))).toBe(true);
  });
});

describe('strain from ages', () => {
  it('grows with the gap between the estimated and the target age', () => {
    expect(strainForAges(3, 10)).toBeGreaterThan(0);
    expect(strainForAges(3, 16)).toBeGreaterThan(strainForAges(3, 10));
    expect(strainForAges(3, 21)).toBeGreaterThan(strainForAges(3, 16));
    expect(strainForAges(10, 10)).toBe(0);
  });

  it('never ages a photo that is already older than the target', () => {
    expect(strainForAges(25, 21)).toBeLessThanOrEqual(0);
    expect(strainForAges(30, 10)).toBeLessThan(0);
    expect(strainForAges(21, 2)).toBeLessThan(0);
  });

  it('clamps |k| to MAX_STRAIN', () => {
    expect(strainForAges(0, 40)).toBeLessThanOrEqual(MAX_STRAIN);
    expect(strainForAges(40, 0)).toBeGreaterThanOrEqual(-MAX_STRAIN);
    expect(growthFraction(50)).toBe(1);
    expect(growthFraction(-1)).toBe(0);
  });
});

describe('age finishing', () => {
  it('changes the face but not the background, and nothing at strength 0', () => {
    const src = synthetic();
    for (const s of [1, -1]) {
      const out = applyAgeTone(src, upright, s);
      expect(farPixelsEqual(src, out, upright, 1.5)).toBe(true);
      expect(Buffer.from(out.data).equals(Buffer.from(src.data))).toBe(false);
    }
    expect(Buffer.from(applyAgeTone(src, upright, 0).data).equals(Buffer.from(src.data))).toBe(true);
  });

  it('ageFace is the identity when the target is the estimated age', () => {
    const src = synthetic();
    const { image, k } = ageFace(src, upright, { estimatedAge: 16, targetAge: 16 });
    expect(k).toBe(0);
    expect(Buffer.from(image.data).equals(Buffer.from(src.data))).toBe(true);
  });
});
