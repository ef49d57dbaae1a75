import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SAFE_AREA, SAFE_AREA_ANCHORS, type SafeArea } from '../templates';
import {
  clampSafeArea,
  dragCorner,
  roundTo3,
  SAFE_AREA_MIN_SIZE,
  type SafeAreaCorner,
  type SafeRect,
  safeAreaFromInputs,
} from './safe-area';

const anyNumber = fc.oneof(
  fc.double(),
  fc.double({ min: -0.5, max: 1.5, noNaN: true }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
);
const rawAreas = fc.record({
  x: anyNumber,
  y: anyNumber,
  width: anyNumber,
  height: anyNumber,
  anchor: fc.constantFrom(...SAFE_AREA_ANCHORS),
});
/** Areas an admin could actually draw (the raw ones mostly clamp to the template's edges). */
const drawnAreas = fc
  .record({
    x: fc.double({ min: 0, max: 1, noNaN: true }),
    y: fc.double({ min: 0, max: 1, noNaN: true }),
    width: fc.double({ min: 0, max: 1, noNaN: true }),
    height: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(clampSafeArea);
const corners = fc.constantFrom<SafeAreaCorner>('nw', 'ne', 'sw', 'se');
const pointers = fc.record({
  x: fc.double({ min: -0.5, max: 1.5, noNaN: true }),
  y: fc.double({ min: -0.5, max: 1.5, noNaN: true }),
});

/** Checked independently of roundTo3: the value prints back to itself with 3 decimals. */
const hasThreeDecimals = (v: number) => Number(v.toFixed(3)) === v;

function expectValid(sa: SafeRect) {
  for (const v of [sa.x, sa.y, sa.width, sa.height]) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(1);
    expect(hasThreeDecimals(v)).toBe(true);
  }
  expect(sa.x + sa.width).toBeLessThanOrEqual(1 + 1e-9);
  expect(sa.y + sa.height).toBeLessThanOrEqual(1 + 1e-9);
  expect(sa.width).toBeGreaterThanOrEqual(SAFE_AREA_MIN_SIZE - 1e-9);
  expect(sa.height).toBeGreaterThanOrEqual(SAFE_AREA_MIN_SIZE - 1e-9);
}

const isWest = (c: SafeAreaCorner) => c === 'nw' || c === 'sw';
const isNorth = (c: SafeAreaCorner) => c === 'nw' || c === 'ne';

/** The corner a drag of `c` leaves in place, and the one it moves. */
const fixedCorner = (sa: SafeRect, c: SafeAreaCorner) => ({
  x: isWest(c) ? sa.x + sa.width : sa.x,
  y: isNorth(c) ? sa.y + sa.height : sa.y,
});
const movedCorner = (sa: SafeRect, c: SafeAreaCorner) => ({
  x: isWest(c) ? sa.x : sa.x + sa.width,
  y: isNorth(c) ? sa.y : sa.y + sa.height,
});

describe('roundTo3', () => {
  it('rounds to three decimals, without a negative zero', () => {
    expect([0.12345, 0.1235, 0.1 + 0.2, 0.9999, -0.0004].map(roundTo3)).toEqual([0.123, 0.124, 0.3, 1, 0]);
    expect(Object.is(roundTo3(-0.0004), 0)).toBe(true);
  });
  it('is stable', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (v) => {
        const once = roundTo3(v);
        expect(roundTo3(once)).toBe(once);
        expect(hasThreeDecimals(once)).toBe(true);
        expect(Math.abs(once - v)).toBeLessThanOrEqual(0.0005 + 1e-9);
      }),
    );
  });
});

describe('clampSafeArea', () => {
  it('keeps the size and moves the position to fit, keeping the anchor', () => {
    expect(clampSafeArea(DEFAULT_SAFE_AREA)).toEqual(DEFAULT_SAFE_AREA);
    expect(clampSafeArea({ x: 0.8, y: 0.2, width: 0.5, height: 0.5 })).toEqual({
      x: 0.5,
      y: 0.2,
      width: 0.5,
      height: 0.5,
    });
    const bottom: SafeArea = { x: 0.6, y: 0.12345, width: 0.7, height: 0.5, anchor: 'bottom' };
    expect(clampSafeArea(bottom)).toEqual({ x: 0.3, y: 0.123, width: 0.7, height: 0.5, anchor: 'bottom' });
    expect(clampSafeArea({ x: 0.95, y: -0.2, width: 0.5, height: 2 })).toEqual({
      x: 0.5,
      y: 0,
      width: 0.5,
      height: 1,
    });
    expect(clampSafeArea({ x: Number.NaN, y: 0.5, width: Number.NaN, height: 0.02 })).toEqual({
      x: 0,
      y: 0.5,
      width: 0.1,
      height: 0.1,
    });
  });
  it('always yields a valid 3-decimal area inside the template, and is idempotent', () => {
    fc.assert(
      fc.property(rawAreas, (raw) => {
        const clamped = clampSafeArea(raw);
        expectValid(clamped);
        expect(clamped.anchor).toBe(raw.anchor);
        expect(clampSafeArea(clamped)).toEqual(clamped);
      }),
    );
  });
  it('never changes a size within its bounds, only the position', () => {
    fc.assert(
      fc.property(rawAreas, (raw) => {
        const valid = clampSafeArea(raw);
        const resized = clampSafeArea({ ...valid, width: valid.width / 2 + 0.1 });
        expect(resized.width).toBe(roundTo3(valid.width / 2 + 0.1));
        expect(resized.height).toBe(valid.height);
      }),
    );
  });
});

describe('safeAreaFromInputs', () => {
  it('reads the form, with 0 for a bad position and the minimum for a bad size', () => {
    expect(safeAreaFromInputs({ x: 'abc', y: '0.2', width: '', height: 'x' })).toEqual({
      x: 0,
      y: 0.2,
      width: 0.1,
      height: 0.1,
      anchor: 'center',
    });
    expect(safeAreaFromInputs({ x: ' 0.3333 ', y: '0.5', width: '0.9', height: '0.25' }, 'left')).toEqual({
      x: 0.1,
      y: 0.5,
      width: 0.9,
      height: 0.25,
      anchor: 'left',
    });
  });
  it('turns any text into a valid area', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (x, y, width, height) => {
        expectValid(safeAreaFromInputs({ x, y, width, height }));
      }),
    );
  });
});

describe('dragCorner', () => {
  it('moves the dragged corner and keeps the opposite one', () => {
    const sa = DEFAULT_SAFE_AREA; // 0.25..0.75 both ways
    expect(dragCorner(sa, 'se', { x: 0.9, y: 0.6 })).toEqual({ ...sa, width: 0.65, height: 0.35 });
    expect(dragCorner(sa, 'nw', { x: 0.1, y: 0.05 })).toEqual({
      ...sa,
      x: 0.1,
      y: 0.05,
      width: 0.65,
      height: 0.7,
    });
  });
  it('stops at the minimum size and at the template edge instead of flipping', () => {
    const sa = DEFAULT_SAFE_AREA;
    expect(dragCorner(sa, 'ne', { x: 0.1, y: 2 })).toEqual({ ...sa, y: 0.65, width: 0.1, height: 0.1 });
    expect(dragCorner(sa, 'sw', { x: -1, y: -1 })).toEqual({ ...sa, x: 0, width: 0.75, height: 0.1 });
    expect(dragCorner(sa, 'nw', { x: 0.7, y: 0.9 })).toEqual({
      ...sa,
      x: 0.65,
      y: 0.65,
      width: 0.1,
      height: 0.1,
    });
  });
  it('always yields a valid area with the opposite corner fixed, following an in-range pointer', () => {
    fc.assert(
      fc.property(
        fc.oneof(drawnAreas, rawAreas.map(clampSafeArea)),
        corners,
        pointers,
        (sa, corner, pointer) => {
          const dragged = dragCorner(sa, corner, pointer);
          expectValid(dragged);
          const [before, after] = [fixedCorner(sa, corner), fixedCorner(dragged, corner)];
          expect(after.x).toBeCloseTo(before.x, 9);
          expect(after.y).toBeCloseTo(before.y, 9);
          // Where the pointer needs no clamping, the dragged corner lands on it (to 3 decimals).
          const moved = movedCorner(dragged, corner);
          const axes = [
            [pointer.x, moved.x, isWest(corner), before.x],
            [pointer.y, moved.y, isNorth(corner), before.y],
          ] as const;
          for (const [wanted, got, towardsZero, fixed] of axes) {
            const [lo, hi] = towardsZero ? [0, fixed - SAFE_AREA_MIN_SIZE] : [fixed + SAFE_AREA_MIN_SIZE, 1];
            if (wanted > lo + 0.001 && wanted < hi - 0.001) {
              expect(Math.abs(got - wanted)).toBeLessThanOrEqual(0.0005 + 1e-9);
            }
          }
        },
      ),
      { numRuns: 500 }, // dragging past the fixed corner is a small slice of the inputs
    );
  });
});
