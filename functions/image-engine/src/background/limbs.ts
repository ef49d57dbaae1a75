/**
 * The forearms the pose model found, drawn as capsules on the working mask: from the elbow past
 * the wrist by half a forearm (the hand), as wide as a quarter of the forearm's length each side.
 * The colour refinement leans towards the child inside them.
 */
import type { Forearm, Point } from './pose';

/**
 * Measured on the cut-out set: a hand of 0.7 forearms, a radius of 0.35 kept the same limbs with
 * a little more wall (dolls 0.914, 0.913 against 0.916).
 */
const HAND_IN_FOREARMS = 0.5;
const RADIUS_IN_FOREARMS = 0.25;
/** A forearm shorter than this (pixels) is the model folding an arm onto itself: no capsule. */
const MIN_FOREARM = 2;

/** 1 where a forearm or its hand lies, else 0. */
export function limbMap(forearms: Forearm[], width: number, height: number): Uint8Array {
  const limb = new Uint8Array(width * height);
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
  const lengthSquared = dx * dx + dy * dy;
  for (let y = top; y <= bottom; y++)
    for (let x = left; x <= right; x++) {
      // The nearest point of the segment, as a share of the way from a to b.
      const t = Math.min(1, Math.max(0, ((x - a.x) * dx + (y - a.y) * dy) / lengthSquared));
      if (Math.hypot(x - a.x - t * dx, y - a.y - t * dy) <= radius) out[y * width + x] = 1;
    }
}
