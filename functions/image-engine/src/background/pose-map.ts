/**
 * What the pose model found, drawn on the working mask: each forearm as a capsule from the elbow
 * past the wrist by half a forearm (the hand), a quarter of the forearm's length wide each side;
 * the head as its disc. The colour refinement leans towards the child inside them.
 */
import type { Point, Pose } from './pose';

/**
 * Measured on the cut-out set (before the head's disc): a hand of 0.7 forearms, a radius of 0.35
 * kept the same limbs with a little more wall (dolls 0.914, 0.913 against 0.916).
 */
const HAND_IN_FOREARMS = 0.5;
const RADIUS_IN_FOREARMS = 0.25;
/** A forearm shorter than this (pixels) is the model folding an arm onto itself: no capsule. */
const MIN_FOREARM = 2;

/** 1 where a forearm, its hand or the head lies, else 0. */
export function poseMap({ forearms, head }: Pose, width: number, height: number): Uint8Array {
  const limb = new Uint8Array(width * height);
  if (head) drawCapsule(limb, width, height, head.centre, head.centre, head.radius);
  for (const { elbow, wrist } of forearms) {
    const dx = wrist.x - elbow.x;
    const dy = wrist.y - elbow.y;
    const length = Math.hypot(dx, dy);
    if (length < MIN_FOREARM) continue;
    const tip = { x: wrist.x + HAND_IN_FOREARMS * dx, y: wrist.y + HAND_IN_FOREARMS * dy };
    drawCapsule(limb, width, height, elbow, tip, Math.max(1.5, RADIUS_IN_FOREARMS * length));
  }
  return limb;
}

function drawCapsule(out: Uint8Array, width: number, height: number, a: Point, b: Point, radius: number) {
  const left = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius));
  const right = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + radius));
  const top = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + radius));
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  // A disc is a capsule of no length.
  const lengthSquared = dx * dx + dy * dy || 1;
  for (let y = top; y <= bottom; y++)
    for (let x = left; x <= right; x++) {
      // The nearest point of the segment, as a share of the way from a to b.
      const t = Math.min(1, Math.max(0, ((x - a.x) * dx + (y - a.y) * dy) / lengthSquared));
      if (Math.hypot(x - a.x - t * dx, y - a.y - t * dy) <= radius) out[y * width + x] = 1;
    }
}
