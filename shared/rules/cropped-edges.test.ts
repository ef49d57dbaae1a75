import { describe, expect, it } from 'vitest';
import { profileOf } from './cutout-profile';
import { fadedEdges } from './subject-in-scene';

/** RGBA pixels of `width`×`height` whose alpha is `alpha(x, y)` (mid-grey colour). */
function pixels(width: number, height: number, alpha: (x: number, y: number) => number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([120, 100, 80, alpha(x, y)], (y * width + x) * 4);
  return { data, width, height };
}

/** A child standing in a cut-out with a transparent margin (rows 4–91): nothing cropped. */
const standing = (x: number, y: number) => (Math.abs(x - 48) < 20 && y >= 4 && y < 92 ? 255 : 0);
/** The same child with an arm held out and cut by the photo's left side (rows 40–44). */
const armCutLeft = (x: number, y: number) => (y >= 40 && y < 45 && x < 48 ? 255 : standing(x, y));
/** A shoulder cut by the right side near the bottom, and the bottom cropped (waist up). */
const shoulderCutRight = (x: number, y: number) => (y >= 60 ? (x > 28 ? 255 : 0) : standing(x, y));

describe('cropped edges in the cut-out profile', () => {
  it('finds an arm cut by the side of the photo, a few pixels of the edge', () => {
    expect(profileOf(pixels(96, 96, armCutLeft)).cropped).toEqual({
      top: false,
      bottom: false,
      left: true,
      right: false,
    });
    expect(profileOf(pixels(96, 96, shoulderCutRight)).cropped).toEqual({
      top: false,
      bottom: true,
      left: false,
      right: true,
    });
  });

  it('calls no edge cropped across a transparent margin, nor for a stray opaque pixel', () => {
    expect(Object.values(profileOf(pixels(96, 96, standing)).cropped)).toEqual([false, false, false, false]);
    const strayHair = (x: number, y: number) => (x === 0 && y === 30 ? 255 : standing(x, y));
    expect(profileOf(pixels(96, 96, strayHair)).cropped.left).toBe(false);
  });

  it('says where the child stands: the bottom of its lowest opaque row', () => {
    expect(profileOf(pixels(96, 96, standing)).lowestOpaque).toBeCloseTo(92 / 96, 10);
    expect(profileOf(pixels(96, 96, shoulderCutRight)).lowestOpaque).toBe(1);
    expect(profileOf(pixels(8, 8, () => 0)).lowestOpaque).toBe(1);
  });
});

describe('fading cropped sides', () => {
  const canvas = { width: 800, height: 800 };
  const scene = { image: canvas, groundY: 0.8 };
  const arm = profileOf(pixels(96, 96, armCutLeft));
  const pose = (cx: number, flip = false, radians = 0) => ({
    cx,
    cy: 400,
    width: 200,
    height: 200,
    radians,
    flip,
  });

  it('fades a side cropped in mid-air, the same way as a cropped bottom', () => {
    expect(fadedEdges(arm, pose(400), canvas, scene)).toEqual(['left']);
    // Mirrored, the cut arm is on the right of the picture: still the cut-out's left edge that fades.
    expect(fadedEdges(arm, pose(400, true), canvas, scene)).toEqual(['left']);
  });

  it('keeps it solid where it runs out of the frame', () => {
    expect(fadedEdges(arm, pose(100), canvas, scene)).toEqual([]);
    expect(fadedEdges(arm, pose(700, true), canvas, scene)).toEqual([]);
    // Mirrored at the left of the frame, the cut arm points into the picture: it fades.
    expect(fadedEdges(arm, pose(100, true), canvas, scene)).toEqual(['left']);
  });

  it('treats a side turned to face down like a bottom: solid on the ground line', () => {
    // Turned a quarter anticlockwise, the left edge faces down; its middle on 0.8 × 800.
    const turned = { ...pose(400, false, -Math.PI / 2), cy: 540 };
    expect(fadedEdges(arm, turned, canvas, scene)).toEqual([]);
    expect(fadedEdges(arm, turned, canvas, { image: canvas, groundY: null })).toEqual(['left']);
  });
});
