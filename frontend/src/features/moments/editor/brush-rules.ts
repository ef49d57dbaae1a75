/**
 * Keeping brush strokes inside what the server accepts (brushStrokesSchema): points are fractions
 * 0–1 of the cut-out, at most MAX_BRUSH_POINTS points and MAX_BRUSH_STROKES strokes in all. Without
 * these a stroke started on the background, or a long mending session, would make every draft save
 * and every Generate fail with a 400.
 */
import type { BrushStroke } from '@shared/rules/keepsake-drawing';
import { MAX_BRUSH_POINTS, MAX_BRUSH_STROKES } from '@shared/schemas/moments';

type Point = [number, number];

const clampFraction = (n: number) => Math.min(1, Math.max(0, n));

/**
 * Where a pointer at `point` (fractions of the cut-out, any value) paints, or null when a brush of
 * `radius` there cannot touch the cut-out at all.
 */
export function brushPointOnCutout([x, y]: Point, radius: number): Point | null {
  if (x < -radius || x > 1 + radius || y < -radius || y > 1 + radius) return null;
  return [clampFraction(x), clampFraction(y)];
}

function pointCount(strokes: BrushStroke[]): number {
  return strokes.reduce((n, s) => n + s.points.length, 0);
}

/** Whether one more stroke (of one point) still fits. */
export function canStartStroke(strokes: BrushStroke[]): boolean {
  return strokes.length < MAX_BRUSH_STROKES && pointCount(strokes) < MAX_BRUSH_POINTS;
}

/**
 * The strokes with `point` added to the last one; unchanged when the point is closer to the last
 * point than a quarter of the brush radius (it would paint nothing new) or the budget is spent.
 */
export function extendLastStroke(strokes: BrushStroke[], point: Point): BrushStroke[] {
  const last = strokes.at(-1);
  if (!last || pointCount(strokes) >= MAX_BRUSH_POINTS) return strokes;
  const previous = last.points.at(-1);
  if (previous && Math.hypot(point[0] - previous[0], point[1] - previous[1]) < last.radius / 4) {
    return strokes;
  }
  return [...strokes.slice(0, -1), { ...last, points: [...last.points, point] }];
}
