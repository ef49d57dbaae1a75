import { describe, expect, it } from 'vitest';
import { convexHull, feather, fillPolygon, scaleAboutCentroid } from './face-mask';

describe('face mask geometry', () => {
  it('keeps only the outer points in the convex hull', () => {
    const hull = convexHull([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 5, y: 5 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
      { x: 3, y: 2 },
    ]);
    expect(hull).toHaveLength(4);
    expect(hull).not.toContainEqual({ x: 5, y: 5 });
  });

  it('fills a square polygon with its area and nothing outside', () => {
    const square = [
      { x: 10, y: 10 },
      { x: 30, y: 10 },
      { x: 30, y: 30 },
      { x: 10, y: 30 },
    ];
    const mask = fillPolygon(square, 100, 100, 5);
    expect(mask.left).toBe(5);
    const filled = mask.alpha.reduce((s, a) => s + a, 0);
    expect(filled).toBe(400);
    expect(mask.alpha[0]).toBe(0);
  });

  it('clips the mask to the image', () => {
    const mask = fillPolygon(
      [
        { x: -20, y: -20 },
        { x: 20, y: -20 },
        { x: 20, y: 20 },
      ],
      50,
      50,
      3,
    );
    expect(mask.left).toBe(0);
    expect(mask.top).toBe(0);
    expect(mask.width).toBe(23);
  });

  it('feathers: the edge becomes a ramp, the middle stays opaque, the total is kept', () => {
    const square = scaleAboutCentroid(
      [
        { x: 20, y: 20 },
        { x: 80, y: 20 },
        { x: 80, y: 80 },
        { x: 20, y: 80 },
      ],
      1,
    );
    const hard = fillPolygon(square, 100, 100, 15);
    const soft = feather(hard, 4);
    const at = (m: typeof hard, x: number, y: number) => m.alpha[(y - m.top) * m.width + (x - m.left)];
    expect(at(soft, 50, 50)).toBeCloseTo(1, 5);
    expect(at(soft, 20, 50)).toBeGreaterThan(0.3);
    expect(at(soft, 20, 50)).toBeLessThan(0.7);
    expect(at(soft, 8, 50)).toBeLessThan(0.01);
    const sum = (m: typeof hard) => m.alpha.reduce((s, a) => s + a, 0);
    expect(sum(soft)).toBeCloseTo(sum(hard), 0);
  });
});
