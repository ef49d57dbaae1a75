/**
 * What the pose model found, drawn on the working mask: each forearm as a capsule from the elbow
 * past the wrist by half a forearm (the hand), a quarter of the forearm's length wide each side;
 * each lower leg from the knee past the ankle (the foot); the head as its disc. The colour
 * refinement leans towards the child inside them.
 */
import type { Point, Pose } from './pose';

/**
 * Measured on the cut-out set (before the head's disc): a hand of 0.7 forearms, a radius of 0.35
 * kept the same limbs with a little more wall (dolls 0.914, 0.913 against 0.916).
 */
const HAND_IN_FOREARMS = 0.5;
const RADIUS_IN_FOREARMS = 0.25;
/**
 * Measured on the cut-out set: a foot of 0.3 shins and a radius of 0.25 took a little more of a
 * doll's trouser leg (dolls 0.928 against 0.927) and a little floor beside 3D children's feet
 * (composites 0.953 against 0.955); 0.1 and 0.15 left part of the shin out (dolls 0.925).
 */
const FOOT_IN_SHINS = 0.2;
const RADIUS_IN_SHINS = 0.2;
/** A limb shorter than this (pixels) is the model folding it onto itself: no capsule. */
const MIN_LIMB = 2;

/** What a pixel of the map holds. */
export const POSE_NONE = 0;
export const POSE_ARM_OR_HEAD = 1;
/** A lower leg: as wide as what the colour refinement takes for a blob (a ball, a patch of wall). */
export const POSE_LEG = 2;

/** POSE_ARM_OR_HEAD where a forearm, its hand or the head lies, POSE_LEG on a lower leg, else POSE_NONE. */
export function poseMap({ forearms, shins, head }: Pose, width: number, height: number): Uint8Array {
  const map = new Uint8Array(width * height);
  const limb = (from: Point, to: Point, past: number, radius: number, value: number) => {
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const length = Math.hypot(dx, dy);
    if (length < MIN_LIMB) return;
    const tip = { x: to.x + past * dx, y: to.y + past * dy };
    drawCapsule(map, width, height, from, tip, Math.max(1.5, radius * length), value);
  };
  for (const { knee, ankle } of shins) limb(knee, ankle, FOOT_IN_SHINS, RADIUS_IN_SHINS, POSE_LEG);
  // Drawn last: where an arm crosses a leg, it is an arm.
  if (head) drawCapsule(map, width, height, head.centre, head.centre, head.radius, POSE_ARM_OR_HEAD);
  for (const { elbow, wrist } of forearms)
    limb(elbow, wrist, HAND_IN_FOREARMS, RADIUS_IN_FOREARMS, POSE_ARM_OR_HEAD);
  return map;
}

function drawCapsule(
  out: Uint8Array,
  width: number,
  height: number,
  a: Point,
  b: Point,
  radius: number,
  value: number,
) {
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
      if (Math.hypot(x - a.x - t * dx, y - a.y - t * dy) <= radius) out[y * width + x] = value;
    }
}
