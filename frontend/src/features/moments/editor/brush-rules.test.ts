import type { BrushStroke } from '@shared/rules/keepsake-drawing';
import { brushStrokesSchema, MAX_BRUSH_POINTS, MAX_BRUSH_STROKES } from '@shared/schemas/moments';
import { describe, expect, it } from 'vitest';
import { brushPointOnCutout, canStartStroke, extendLastStroke } from './brush-rules';

const stroke = (points: [number, number][], radius = 0.05): BrushStroke => ({
  mode: 'erase',
  radius,
  points,
});

describe('brush strokes stay within what the server accepts', () => {
  it('clamps a pointer just past the edge onto the cut-out and ignores one far away', () => {
    expect(brushPointOnCutout([1.03, -0.02], 0.05)).toEqual([1, 0]);
    expect(brushPointOnCutout([0.4, 0.6], 0.05)).toEqual([0.4, 0.6]);
    expect(brushPointOnCutout([-0.5, 0.5], 0.05)).toBeNull();
    expect(brushPointOnCutout([0.5, 1.3], 0.05)).toBeNull();
  });

  it('skips points too close to the last one and keeps the strokes valid', () => {
    const start = [stroke([[0.5, 0.5]])];
    expect(extendLastStroke(start, [0.505, 0.5])).toBe(start);
    const longer = extendLastStroke(start, [0.6, 0.5]);
    expect(longer[0]?.points).toEqual([
      [0.5, 0.5],
      [0.6, 0.5],
    ]);
    expect(brushStrokesSchema.safeParse(longer).success).toBe(true);
  });

  it('stops at the point and stroke budgets', () => {
    const full = [stroke(Array.from({ length: MAX_BRUSH_POINTS }, (_, i) => [(i % 100) / 100, 0.5]))];
    expect(brushStrokesSchema.safeParse(full).success).toBe(true);
    expect(extendLastStroke(full, [0.1, 0.9])).toBe(full);
    expect(canStartStroke(full)).toBe(false);
    const many = Array.from({ length: MAX_BRUSH_STROKES }, () => stroke([[0.5, 0.5]]));
    expect(canStartStroke(many)).toBe(false);
    expect(canStartStroke(many.slice(1))).toBe(true);
  });
});
