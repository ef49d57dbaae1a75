/**
 * Where the child goes in a scene: a calm box in the middle whose bottom is the ground line, so a
 * bottom-anchored cut-out stands on the ground. Near props frame it and never cover it.
 */
import { NATIVE_SIZES, ORIENTATIONS, type Orientation, type SafeArea } from '@shared/templates';
import { GROUND_Y } from './kinds';
import type { Box } from './painter';

const SIDES: Record<Orientation, { x: number; top: number }> = {
  '1:1': { x: 0.25, top: 0.3 },
  '4:5': { x: 0.23, top: 0.32 },
  '9:16': { x: 0.22, top: 0.38 },
};

export function safeAreaOf(orientation: Orientation): SafeArea {
  const { x, top } = SIDES[orientation];
  return { x, y: top, width: 1 - 2 * x, height: GROUND_Y - top, anchor: 'bottom' };
}

/** The orientation whose shape is nearest a canvas of any size (the offline generateScene's). */
export function nearestOrientation(width: number, height: number): Orientation {
  const ratio = width / height;
  const gap = (o: Orientation) => Math.abs(Math.log(NATIVE_SIZES[o].width / NATIVE_SIZES[o].height / ratio));
  return ORIENTATIONS.reduce((best, o) => (gap(o) < gap(best) ? o : best));
}

/** A safe area in pixels. */
export const pixelsOf = (a: SafeArea, width: number, height: number): Box => ({
  x: a.x * width,
  y: a.y * height,
  w: a.width * width,
  h: a.height * height,
});
