/**
 * The admin safe-area editor's rules (docs/product.md#template-editor): typed inputs and dragged
 * corners become a valid safe area — inside the template, at least SAFE_AREA_MIN_SIZE each way,
 * stored to 3 decimals. The composer's transform and its use of the safe area live in
 * composer-transform.ts (one transform model); this module only edits the rectangle itself.
 */
import { DEFAULT_SAFE_AREA, type SafeArea, type SafeAreaAnchor } from '../templates';

/** A safe area narrower or shorter than this leaves no room to place a child. */
export const SAFE_AREA_MIN_SIZE = 0.1;

export type SafeRect = Pick<SafeArea, 'x' | 'y' | 'width' | 'height'>;
export type SafeAreaInputs = Record<keyof SafeRect, string>;
export type SafeAreaCorner = 'nw' | 'ne' | 'sw' | 'se';

/** Not-a-number lands on `min`, so every result is a usable fraction. */
const clamp = (value: number, min: number, max: number) =>
  Number.isNaN(value) ? min : Math.min(max, Math.max(min, value));

/** Three decimals (what the admin form shows and the store keeps); `+ 0` turns −0 into 0. */
export function roundTo3(value: number): number {
  return Math.round(value * 1000) / 1000 + 0;
}

/**
 * The size wins, the position gives way: width and height are kept within SAFE_AREA_MIN_SIZE..1,
 * then x and y within 0..1 − the size (x = 0.8 with width 0.5 becomes 0.5/0.5). Idempotent: a
 * clamped area clamps to itself.
 */
export function clampSafeArea<T extends SafeRect>(sa: T): T {
  const width = roundTo3(clamp(sa.width, SAFE_AREA_MIN_SIZE, 1));
  const height = roundTo3(clamp(sa.height, SAFE_AREA_MIN_SIZE, 1));
  return {
    ...sa,
    x: roundTo3(clamp(sa.x, 0, roundTo3(1 - width))),
    y: roundTo3(clamp(sa.y, 0, roundTo3(1 - height))),
    width,
    height,
  };
}

/** The form's text fields: anything that is not a number becomes 0 (position) or the minimum (size). */
export function safeAreaFromInputs(
  inputs: SafeAreaInputs,
  anchor: SafeAreaAnchor = DEFAULT_SAFE_AREA.anchor,
): SafeArea {
  // Number('') is 0, which the clamp already turns into the right fallback for both kinds of field.
  return clampSafeArea({
    x: Number(inputs.x),
    y: Number(inputs.y),
    width: Number(inputs.width),
    height: Number(inputs.height),
    anchor,
  });
}

/**
 * Dragging one corner of the rectangle on the template: the opposite corner stays where it is and
 * the dragged edges follow the pointer, stopping SAFE_AREA_MIN_SIZE short of the fixed corner and
 * at the template's edges (a pointer past the fixed corner does not flip the box).
 */
export function dragCorner<T extends SafeRect>(
  sa: T,
  corner: SafeAreaCorner,
  pointer: { x: number; y: number },
): T {
  const start = clampSafeArea(sa);
  const [left, right] = [start.x, roundTo3(start.x + start.width)];
  const [top, bottom] = [start.y, roundTo3(start.y + start.height)];
  const west = corner === 'nw' || corner === 'sw';
  const north = corner === 'nw' || corner === 'ne';
  const x0 = west ? roundTo3(clamp(pointer.x, 0, right - SAFE_AREA_MIN_SIZE)) : left;
  const x1 = west ? right : roundTo3(clamp(pointer.x, left + SAFE_AREA_MIN_SIZE, 1));
  const y0 = north ? roundTo3(clamp(pointer.y, 0, bottom - SAFE_AREA_MIN_SIZE)) : top;
  const y1 = north ? bottom : roundTo3(clamp(pointer.y, top + SAFE_AREA_MIN_SIZE, 1));
  return clampSafeArea({ ...start, x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
}
