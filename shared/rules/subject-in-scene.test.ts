import { describe, expect, it } from 'vitest';
import { profileOf } from './cutout-profile';
import { fadedEdges, lightGains } from './subject-in-scene';

/** RGBA pixels of `width`×`height` whose alpha is `alpha(x, y)` (mid-grey colour). */
function pixels(width: number, height: number, alpha: (x: number, y: number) => number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([120, 100, 80, alpha(x, y)], (y * width + x) * 4);
  return { data, width, height };
}

const oval = (x: number, y: number) => (Math.hypot((x - 49.5) / 50, (y - 49.5) / 50) < 0.98 ? 255 : 0);
const waistUp = (x: number, y: number) => (y > 50 ? (Math.abs(x - 49.5) < 40 ? 255 : 0) : oval(x, y));

describe('the cut-out profile', () => {
  it('finds the edge the photo cropped, and none on a cut-out with a transparent border', () => {
    expect(profileOf(pixels(100, 100, waistUp)).cropped).toEqual({
      top: false,
      bottom: true,
      left: false,
      right: false,
    });
    expect(Object.values(profileOf(pixels(100, 100, oval)).cropped)).toEqual([false, false, false, false]);
    expect(profileOf(pixels(100, 100, oval)).mean).toEqual([120, 100, 80]);
    expect(profileOf(pixels(10, 10, () => 0)).mean).toBeNull();
  });
});

describe('the faded edge', () => {
  const profile = profileOf(pixels(100, 100, waistUp));
  const canvas = { width: 800, height: 800 };
  const scene = { image: canvas, groundY: 0.8 };
  const pose = (cy: number, radians = 0) => ({ cx: 400, cy, width: 200, height: 200, radians, flip: false });

  it('fades a cropped bottom floating in the picture', () => {
    expect(fadedEdges(profile, pose(300), canvas, scene)).toEqual(['bottom']);
  });

  it('keeps it solid on the frame or on the ground line, and fades it again when turned up', () => {
    expect(fadedEdges(profile, pose(700), canvas, scene)).toEqual([]);
    expect(fadedEdges(profile, pose(540), canvas, scene)).toEqual([]);
    expect(fadedEdges(profile, pose(540), canvas, { image: canvas, groundY: null })).toEqual(['bottom']);
    expect(fadedEdges(profile, pose(740, Math.PI), canvas, scene)).toEqual(['bottom']);
  });
});

describe('matching the scene light', () => {
  it('moves partway towards the scene, bounded', () => {
    const [r, g, b] = lightGains([200, 200, 200], [100, 100, 100]);
    expect(r).toBeCloseTo(0.5 ** 0.35, 5);
    expect([g, b]).toEqual([r, r]);
    for (const gain of lightGains([250, 250, 250], [5, 5, 5]))
      expect(gain).toBeGreaterThanOrEqual(0.75 * 0.92);
    const bluish = lightGains([180, 150, 130], [90, 140, 230]);
    expect(bluish[2]).toBeGreaterThan(bluish[0]);
    expect(bluish[2] / bluish[0]).toBeLessThan(1.2);
  });

  it('changes nothing in a scene of the same colour', () => {
    for (const gain of lightGains([120, 100, 80], [120, 100, 80])) expect(gain).toBeCloseTo(1, 10);
  });
});
