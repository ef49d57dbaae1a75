import { describe, expect, it } from 'vitest';
import { colourStats, transferColours } from './colour-match';

/** n pixels of a colour with a little deterministic variation. */
const patch = (n: number, [r, g, b]: [number, number, number], spread: number) =>
  Float32Array.from({ length: n * 3 }, (_, i) => [r, g, b][i % 3] + spread * Math.sin(i * 0.7));

describe('colour matching in YCbCr', () => {
  it('moves a pale patch onto a warmer one: the statistics then match the target', () => {
    const source = patch(400, [230, 200, 190], 6);
    const target = patch(400, [170, 110, 80], 12);
    const everywhere = new Float32Array(400).fill(1);
    const to = colourStats(target, everywhere);
    transferColours(source, colourStats(source, everywhere), to);
    const after = colourStats(source, everywhere);
    for (let k = 0; k < 3; k++) {
      expect(after.mean[k]).toBeCloseTo(to.mean[k], 3);
      expect(after.std[k]).toBeCloseTo(to.std[k], 1);
    }
  });

  it('counts only the weighted region', () => {
    const pixels = Float32Array.from([255, 255, 255, 0, 0, 0]);
    const stats = colourStats(pixels, Float32Array.from([0, 1]));
    expect(stats.mean[0]).toBeCloseTo(0, 5);
  });

  it('clamps the contrast change so a flat source is not blown up', () => {
    const flat = patch(100, [128, 128, 128], 0.5);
    const busy = patch(100, [128, 128, 128], 40);
    const all = new Float32Array(100).fill(1);
    const from = colourStats(flat, all);
    transferColours(flat, from, colourStats(busy, all));
    expect(colourStats(flat, all).std[0]).toBeLessThanOrEqual(from.std[0] * 2 + 1e-6);
  });
});
