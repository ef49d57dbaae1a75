import { describe, expect, it } from 'vitest';
import { ellipseBounds, headCrop, headModel, rollFromUp, upVector } from './head-geometry';
import type { FaceBox } from './types';

const face = (over: Partial<FaceBox> = {}): FaceBox => ({
  x: 900,
  y: 500,
  width: 200,
  height: 260,
  roll: 0,
  estimatedAge: 5,
  score: 0.99,
  ...over,
});

describe('head geometry', () => {
  it('converts between roll and the chin→crown direction', () => {
    expect(upVector(0).y).toBeCloseTo(-1);
    expect(upVector(Math.PI / 2).x).toBeCloseTo(1);
    for (const roll of [-2, -0.4, 0, 0.3, 1.5]) expect(rollFromUp(upVector(roll))).toBeCloseTo(roll);
  });

  it('puts the chin (bottom of the face box) on the head ellipse', () => {
    const f = face();
    const head = headModel(f);
    const chinY = f.y + f.height * 0.97;
    expect((chinY - head.cy) / head.b).toBeCloseTo(1, 1);
    expect(head.cx).toBeCloseTo(f.x + f.width / 2);
  });

  it('makes a square crop around the head, inside the image', () => {
    const crop = headCrop(face(), 2048, 1536);
    expect(crop.size).toBe(Math.round(260 * 3.2));
    expect(crop.left).toBeGreaterThanOrEqual(0);
    expect(crop.top).toBeGreaterThanOrEqual(0);
    expect(crop.left + crop.size).toBeLessThanOrEqual(2048);
    expect(crop.top + crop.size).toBeLessThanOrEqual(1536);
    // The face is inside the crop.
    expect(crop.left).toBeLessThan(900);
    expect(crop.left + crop.size).toBeGreaterThan(1100);
  });

  it('shrinks and shifts the crop when the face is large or at the edge', () => {
    const crop = headCrop(face({ x: 1500, y: 50, width: 500, height: 700 }), 2048, 1536);
    expect(crop.size).toBe(1536);
    expect(crop.left + crop.size).toBeLessThanOrEqual(2048);
    expect(crop.top).toBe(0);
  });

  it('bounds a rotated ellipse', () => {
    const b = ellipseBounds(
      { width: 1000, height: 1000 },
      { cx: 500, cy: 500, up: { x: 1, y: 0 }, a: 10, b: 50 },
      1,
    );
    // Lying on its side: long along x.
    expect(b.x1 - b.x0).toBeGreaterThan(98);
    expect(b.y1 - b.y0).toBeLessThan(24);
  });
});
