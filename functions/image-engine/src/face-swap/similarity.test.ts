import { describe, expect, it } from 'vitest';
import { applySimilarity, fitSimilarity, invertSimilarity, similarityScale } from './similarity';

const points = [
  { x: 10, y: 20 },
  { x: 80, y: 25 },
  { x: 45, y: 70 },
  { x: 30, y: 110 },
  { x: 66, y: 105 },
];

describe('similarity transform from landmarks', () => {
  it('recovers a known scale, rotation and shift exactly', () => {
    const truth = { a: 1.5 * Math.cos(0.3), b: 1.5 * Math.sin(0.3), tx: 200, ty: -40 };
    const moved = points.map((p) => applySimilarity(truth, p));
    const fitted = fitSimilarity(points, moved);
    expect(fitted.a).toBeCloseTo(truth.a, 10);
    expect(fitted.b).toBeCloseTo(truth.b, 10);
    expect(fitted.tx).toBeCloseTo(truth.tx, 8);
    expect(fitted.ty).toBeCloseTo(truth.ty, 8);
    expect(similarityScale(fitted)).toBeCloseTo(1.5, 10);
  });

  it('fits noisy points in the least-squares sense: the residual is no more than the noise', () => {
    const truth = { a: 0.8, b: -0.2, tx: 12, ty: 7 };
    const noise = [0.5, -0.4, 0.3, -0.2, 0.1];
    const moved = points.map((p, i) => {
      const q = applySimilarity(truth, p);
      return { x: q.x + noise[i], y: q.y - noise[i] };
    });
    const fitted = fitSimilarity(points, moved);
    const residual = (t: typeof truth) =>
      points.reduce((sum, p, i) => {
        const q = applySimilarity(t, p);
        return sum + (q.x - moved[i].x) ** 2 + (q.y - moved[i].y) ** 2;
      }, 0);
    expect(residual(fitted)).toBeLessThanOrEqual(residual(truth) + 1e-9);
  });

  it('inverts: a point mapped there and back is where it started', () => {
    const t = { a: 1.2, b: 0.5, tx: -30, ty: 18 };
    const back = invertSimilarity(t);
    for (const p of points) {
      const q = applySimilarity(back, applySimilarity(t, p));
      expect(q.x).toBeCloseTo(p.x, 10);
      expect(q.y).toBeCloseTo(p.y, 10);
    }
  });

  it('refuses points that cannot define a transform', () => {
    expect(() => fitSimilarity([{ x: 1, y: 1 }], [{ x: 2, y: 2 }])).toThrow();
    expect(() => fitSimilarity([points[0], points[0]], [points[1], points[2]])).toThrow(/same point/);
  });
});
