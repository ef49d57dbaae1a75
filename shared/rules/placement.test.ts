import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coverCrop,
  GROUND_IN_VIEW,
  groundOnCanvas,
  INITIAL_MOMENTS_PLACEMENT,
  initialMomentsPlacement,
  MOMENTS_CANVAS_PX,
  MOMENTS_RANGES,
  placedBox,
  STANDING_TOLERANCE,
} from './placement';

const CANVAS = { width: MOMENTS_CANVAS_PX, height: MOMENTS_CANVAS_PX };
const SQUARE = { width: 2048, height: 2048 };
const PORTRAIT_9_16 = { width: 1152, height: 2048 };
const PORTRAIT_4_5 = { width: 1638, height: 2048 };

/** Where the cut-out's lowest opaque row ends on the canvas, in pixels. */
function feetOnCanvas(
  placement: ReturnType<typeof initialMomentsPlacement>,
  cutout: { width: number; height: number },
  lowestOpaque: number,
) {
  const box = placedBox(placement, cutout, CANVAS);
  return box.cy - box.height / 2 + lowestOpaque * box.height;
}

describe('the Moments initial placement', () => {
  it("is the spec's 50 %, 50 %, 30 % on a template whose ground line is unknown", () => {
    const cutout = { width: 500, height: 700 };
    expect(initialMomentsPlacement(cutout, 0.9, { ...SQUARE })).toEqual({
      x: 0.5,
      y: 0.5,
      scale: 0.3,
      rotation: 0,
    });
    expect(initialMomentsPlacement(cutout, 0.9, { ...SQUARE, groundY: null })).toBe(
      INITIAL_MOMENTS_PLACEMENT,
    );
  });

  it('stands the child on the ground line: its lowest opaque row there, centred, at 30 %', () => {
    const cutout = { width: 500, height: 1000 };
    const placement = initialMomentsPlacement(cutout, 0.9, { ...SQUARE, groundY: 0.88 });
    expect(placement).toMatchObject({ x: 0.5, scale: 0.3, rotation: 0 });
    // 30 % of 800 px tall: feet 0.9 of the way down, on 0.88 × 800.
    expect(feetOnCanvas(placement, cutout, 0.9)).toBeCloseTo(704, 6);
    expect(placement.y).toBeCloseTo(0.88 - 0.4 * 0.3, 10);
  });

  it('puts a cropped bottom (a waist-up portrait) on the frame, not on the ground line', () => {
    const cutout = { width: 600, height: 800 };
    const placement = initialMomentsPlacement(cutout, 1, { ...SQUARE, groundY: 0.7 });
    expect(feetOnCanvas(placement, cutout, 1)).toBeCloseTo(800, 6);
  });

  it('shows a 9:16 or 4:5 scene around its ground line, where a square scene has it, and stands the child there', () => {
    const cutout = { width: 500, height: 700 };
    for (const template of [PORTRAIT_9_16, PORTRAIT_4_5]) {
      expect(groundOnCanvas(0.88, template, CANVAS)).toBeCloseTo(GROUND_IN_VIEW, 10);
      const placement = initialMomentsPlacement(cutout, 0.9, { ...template, groundY: 0.88 });
      expect(feetOnCanvas(placement, cutout, 0.9)).toBeCloseTo(GROUND_IN_VIEW * 800, 6);
    }
  });

  it('stands on the frame when the ground line is within a hair of it (the view reaches the bottom)', () => {
    const cutout = { width: 600, height: 800 };
    const low = { ...PORTRAIT_9_16, groundY: 0.995 };
    expect(groundOnCanvas(low.groundY, low, CANVAS)).toBeGreaterThan(1 - STANDING_TOLERANCE);
    expect(feetOnCanvas(initialMomentsPlacement(cutout, 0.9, low), cutout, 0.9)).toBeCloseTo(800, 6);
  });

  const cutouts = fc.record({
    width: fc.integer({ min: 1, max: 4000 }),
    height: fc.integer({ min: 1, max: 4000 }),
  });
  const templates = fc
    .record({
      size: fc.constantFrom(SQUARE, { width: 1638, height: 2048 }, PORTRAIT_9_16, {
        width: 2048,
        height: 1152,
      }),
      groundY: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    })
    .map(({ size, groundY }) => ({ ...size, groundY }));
  // A child stands in the lower half of its own cut-out (its centre then stays on the canvas).
  const lowestRows = fc.double({ min: 0.5, max: 1, noNaN: true });

  it('always: centred, 30 %, upright, in view; on the ground line, or the frame when the line is at or past it', () => {
    fc.assert(
      fc.property(cutouts, lowestRows, templates, (cutout, lowest, template) => {
        const placement = initialMomentsPlacement(cutout, lowest, template);
        expect(placement).toMatchObject({ x: 0.5, scale: 0.3, rotation: 0 });
        expect(placement.y).toBeGreaterThanOrEqual(MOMENTS_RANGES.y.min);
        expect(placement.y).toBeLessThanOrEqual(MOMENTS_RANGES.y.max);
        if (template.groundY === undefined) {
          expect(placement).toEqual(INITIAL_MOMENTS_PLACEMENT);
          return;
        }
        const feet = feetOnCanvas(placement, cutout, lowest);
        const box = placedBox(placement, cutout, CANVAS);
        // Head and feet in view.
        expect(box.cy - box.height / 2).toBeGreaterThanOrEqual(-1e-6);
        expect(feet).toBeLessThanOrEqual(MOMENTS_CANVAS_PX + 1e-6);
        const ground = groundOnCanvas(template.groundY, template, CANVAS) * MOMENTS_CANVAS_PX;
        const standsAt = feet - box.cy + box.height / 2;
        const nearFrame = lowest >= 1 || ground >= (1 - STANDING_TOLERANCE) * MOMENTS_CANVAS_PX;
        if (nearFrame) expect(feet).toBeCloseTo(MOMENTS_CANVAS_PX, 3);
        else if (ground >= standsAt) expect(feet).toBeCloseTo(ground, 3);
      }),
    );
  });
});

describe('the part of a template a canvas shows', () => {
  it('is the middle without a ground line, and the whole width of a tall template', () => {
    expect(coverCrop(PORTRAIT_9_16, CANVAS)).toEqual({ sx: 0, sy: 448, sw: 1152, sh: 1152 });
    expect(coverCrop({ width: 2048, height: 1152 }, CANVAS)).toEqual({ sx: 448, sy: 0, sw: 1152, sh: 1152 });
  });

  it('puts a known ground line where square scenes draw theirs, within the image', () => {
    expect(coverCrop(PORTRAIT_9_16, CANVAS, 0.88).sy).toBeCloseTo(0.88 * 2048 - GROUND_IN_VIEW * 1152, 10);
    // Near either end the view stops at the image's edge.
    expect(coverCrop(PORTRAIT_9_16, CANVAS, 0.2).sy).toBe(0);
    expect(coverCrop(PORTRAIT_9_16, CANVAS, 1).sy).toBe(2048 - 1152);
    // A template the canvas's shape: all of it, whatever its ground line.
    expect(coverCrop(SQUARE, CANVAS, 0.3)).toEqual({ sx: 0, sy: 0, sw: 2048, sh: 2048 });
  });

  it('always stays inside the image', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        (width, height, groundY) => {
          const crop = coverCrop({ width, height }, CANVAS, groundY);
          expect(crop.sy).toBeGreaterThanOrEqual(-1e-9);
          expect(crop.sy + crop.sh).toBeLessThanOrEqual(height + 1e-9);
          expect(crop.sx + crop.sw).toBeLessThanOrEqual(width + 1e-9);
        },
      ),
    );
  });
});
