import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SafeArea } from '../templates';
import {
  COMPOSER_RANGES,
  type ComposerTransform,
  clampComposerTransform,
  FILL_SCALE,
  FIT_SCALE,
  fillSafeArea,
  fitToSafeArea,
  INITIAL_COMPOSER_TRANSFORM,
  isOutsideSafeArea,
  isWithinComposerRanges,
  onStep,
  resetTransform,
  snapIntoSafeArea,
  snapToSafeAreaCentre,
  subjectBox,
} from './composer-transform';

const SQUARE = { width: 2048, height: 2048 };
const centred: SafeArea = { x: 0.25, y: 0.25, width: 0.5, height: 0.5, anchor: 'center' };

const safeAreas = fc
  .record({
    x: fc.double({ min: 0, max: 0.9, noNaN: true }),
    y: fc.double({ min: 0, max: 0.9, noNaN: true }),
    width: fc.double({ min: 0.1, max: 1, noNaN: true }),
    height: fc.double({ min: 0.1, max: 1, noNaN: true }),
    anchor: fc.constantFrom('center', 'left', 'right', 'top', 'bottom' as const),
  })
  .map((sa) => ({ ...sa, width: Math.min(sa.width, 1 - sa.x), height: Math.min(sa.height, 1 - sa.y) }));
const subjects = fc.record({
  width: fc.integer({ min: 50, max: 3000 }),
  height: fc.integer({ min: 50, max: 3000 }),
});
const canvases = fc.constantFrom(SQUARE, { width: 1638, height: 2048 }, { width: 1152, height: 2048 });
const anyNumber = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1e9, 1e9));
const transforms = fc.record({
  x: anyNumber,
  y: anyNumber,
  scale: anyNumber,
  rotation: anyNumber,
  flip: fc.boolean(),
  feather: anyNumber,
  brightness: anyNumber,
  contrast: anyNumber,
  shadow: fc.boolean(),
  matchLight: fc.boolean(),
});

const inside = (t: ComposerTransform, sa: SafeArea) =>
  t.x >= sa.x - 1e-9 && t.x <= sa.x + sa.width + 1e-9 && t.y >= sa.y - 1e-9 && t.y <= sa.y + sa.height + 1e-9;

describe('composer transform', () => {
  it('clamps every field into its range, puts non-numbers back to their start, and is idempotent', () => {
    fc.assert(
      fc.property(transforms, (t) => {
        const clamped = clampComposerTransform(t);
        expect(isWithinComposerRanges(clamped)).toBe(true);
        expect(clampComposerTransform(clamped)).toEqual(clamped);
        expect([clamped.flip, clamped.shadow]).toEqual([t.flip, t.shadow]);
      }),
    );
    expect(
      clampComposerTransform({ ...INITIAL_COMPOSER_TRANSFORM, scale: Number.NaN, rotation: 40 }),
    ).toMatchObject({ scale: 1, rotation: 15 });
    expect(isWithinComposerRanges({ ...INITIAL_COMPOSER_TRANSFORM, brightness: 1.6 })).toBe(false);
  });

  it('fits the subject at scale 1 inside the safe area, touching it on one axis', () => {
    fc.assert(
      fc.property(safeAreas, subjects, canvases, (sa, subject, canvas) => {
        const box = subjectBox({ x: 0.5, y: 0.5, scale: 1 }, subject, sa, canvas);
        const [w, h] = [sa.width * canvas.width, sa.height * canvas.height];
        expect(box.width).toBeLessThanOrEqual(w + 1e-6);
        expect(box.height).toBeLessThanOrEqual(h + 1e-6);
        expect(Math.max(box.width / w, box.height / h)).toBeCloseTo(1, 6);
        expect(box.width / box.height).toBeCloseTo(subject.width / subject.height, 6);
      }),
    );
    // A portrait child in the square centre area of a square template: as tall as the area.
    expect(subjectBox({ x: 0.5, y: 0.5, scale: 2 }, { width: 600, height: 1200 }, centred, SQUARE)).toEqual({
      cx: 1024,
      cy: 1024,
      width: 1024,
      height: 2048,
    });
  });

  it('always snaps the centre inside the safe area (and the template), at any scale and anchor', () => {
    fc.assert(
      fc.property(transforms, safeAreas, subjects, canvases, (t, sa, subject, canvas) => {
        const snapped = snapIntoSafeArea(clampComposerTransform(t), sa, subject, canvas);
        expect(inside(snapped, sa)).toBe(true);
        expect(isOutsideSafeArea(snapped, sa)).toBe(false);
        expect(isWithinComposerRanges(snapped)).toBe(true);
      }),
    );
  });

  it('stands the subject on the bottom edge, or against the side it is anchored to', () => {
    const subject = { width: 500, height: 1000 };
    const bottom: SafeArea = { x: 0.1, y: 0.2, width: 0.8, height: 0.7, anchor: 'bottom' };
    const small = { ...INITIAL_COMPOSER_TRANSFORM, scale: 0.5 };
    const onGround = snapIntoSafeArea(small, bottom, subject, SQUARE);
    const box = subjectBox(onGround, subject, bottom, SQUARE);
    expect((box.cy + box.height / 2) / SQUARE.height).toBeCloseTo(0.9, 9);
    expect(onGround.x).toBeCloseTo(0.5, 9);
    const left = snapIntoSafeArea(small, { ...bottom, anchor: 'left' }, { width: 1000, height: 500 }, SQUARE);
    const leftBox = subjectBox(left, { width: 1000, height: 500 }, bottom, SQUARE);
    expect((leftBox.cx - leftBox.width / 2) / SQUARE.width).toBeCloseTo(0.1, 9);
    expect(left.y).toBeCloseTo(0.55, 9);
  });

  it('fits at 0.9, fills at 1.1, resets everything and snaps to the centre', () => {
    const subject = { width: 800, height: 1000 };
    const edited = { ...INITIAL_COMPOSER_TRANSFORM, x: 0.9, scale: 2.4, flip: true, brightness: 1.3 };
    expect(fitToSafeArea(edited, centred, subject, SQUARE)).toMatchObject({
      scale: FIT_SCALE,
      x: 0.5,
      flip: true,
    });
    expect(fillSafeArea(edited, centred, subject, SQUARE)).toMatchObject({ scale: FILL_SCALE, y: 0.5 });
    expect(resetTransform(centred, subject, SQUARE)).toEqual(INITIAL_COMPOSER_TRANSFORM);
    const corner: SafeArea = { x: 0, y: 0.6, width: 0.3, height: 0.4, anchor: 'top' };
    expect(snapToSafeAreaCentre(edited, corner)).toMatchObject({ x: 0.15, y: 0.8, scale: 2.4 });
  });

  it('warns only when the centre is more than 0.05 outside the safe area', () => {
    expect(isOutsideSafeArea({ x: 0.75, y: 0.5 }, centred)).toBe(false);
    expect(isOutsideSafeArea({ x: 0.79, y: 0.5 }, centred)).toBe(false);
    expect(isOutsideSafeArea({ x: 0.81, y: 0.5 }, centred)).toBe(true);
    expect(isOutsideSafeArea({ x: 0.5, y: 0.19 }, centred)).toBe(true);
  });

  it('puts values on their slider steps, stably', () => {
    expect(onStep('scale', 0.1 + 0.2)).toBe(0.3);
    expect(onStep('x', 0.456)).toBe(0.46);
    expect(onStep('rotation', -7.6)).toBe(-8);
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(COMPOSER_RANGES) as Array<keyof typeof COMPOSER_RANGES>)),
        fc.double({ min: -20, max: 20, noNaN: true }),
        (field, value) => {
          const once = onStep(field, value);
          expect(onStep(field, once)).toBe(once);
        },
      ),
    );
  });
});
