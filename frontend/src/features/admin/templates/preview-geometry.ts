/**
 * Where things sit on the editor's 800×800 preview (docs/product.md#template-editor): the template
 * image fitted inside it, the safe-area rectangle, its corners and anchor dot, and which corner a
 * pointer grabs. Logical coordinates: the stage is scaled down on narrow screens, never re-laid out.
 */
import type { SafeAreaCorner } from '@shared/rules/safe-area';
import type { SafeArea } from '@shared/templates';

export const PREVIEW_SIZE = 800;
export const HANDLE_SIZE = 12;
export const GRAB_RADIUS = 12;
export const ANCHOR_RADIUS = 8;
/** On a touch screen a finger needs a bigger target than the 12 px handle: at least this, on screen. */
const MIN_TOUCH_RADIUS_PX = 22;

export type Box = { left: number; top: number; width: number; height: number };

/** The image fitted inside the square, centred (a 4:5 or 9:16 template is not stretched). */
export function imageBox(nativeWidth: number, nativeHeight: number): Box {
  const scale = Math.min(PREVIEW_SIZE / nativeWidth, PREVIEW_SIZE / nativeHeight);
  const width = nativeWidth * scale;
  const height = nativeHeight * scale;
  return { left: (PREVIEW_SIZE - width) / 2, top: (PREVIEW_SIZE - height) / 2, width, height };
}

export function safeAreaBox(image: Box, sa: SafeArea): Box {
  return {
    left: image.left + sa.x * image.width,
    top: image.top + sa.y * image.height,
    width: sa.width * image.width,
    height: sa.height * image.height,
  };
}

export function cornersOf(box: Box): Record<SafeAreaCorner, { x: number; y: number }> {
  const right = box.left + box.width;
  const bottom = box.top + box.height;
  return {
    nw: { x: box.left, y: box.top },
    ne: { x: right, y: box.top },
    sw: { x: box.left, y: bottom },
    se: { x: right, y: bottom },
  };
}

/** The anchor dot: the middle of the side the anchor names, or the centre. */
export function anchorPoint(box: Box, anchor: SafeArea['anchor']): { x: number; y: number } {
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  switch (anchor) {
    case 'left':
      return { x: box.left, y: cy };
    case 'right':
      return { x: box.left + box.width, y: cy };
    case 'top':
      return { x: cx, y: box.top };
    case 'bottom':
      return { x: cx, y: box.top + box.height };
    default:
      return { x: cx, y: cy };
  }
}

/** The corner within the grab radius of the pointer (the nearest one), or null. */
export function cornerAt(
  box: Box,
  pointer: { x: number; y: number },
  opts: { touch: boolean; stageScale: number },
): SafeAreaCorner | null {
  const radius = opts.touch ? Math.max(GRAB_RADIUS, MIN_TOUCH_RADIUS_PX / opts.stageScale) : GRAB_RADIUS;
  let best: SafeAreaCorner | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [corner, at] of Object.entries(cornersOf(box)) as [SafeAreaCorner, { x: number; y: number }][]) {
    const distance = Math.hypot(pointer.x - at.x, pointer.y - at.y);
    if (distance <= radius && distance < bestDistance) [best, bestDistance] = [corner, distance];
  }
  return best;
}

/** A point of the preview as fractions of the image (may fall outside 0..1; the drag clamps). */
export function toImageFraction(image: Box, point: { x: number; y: number }): { x: number; y: number } {
  return { x: (point.x - image.left) / image.width, y: (point.y - image.top) / image.height };
}
