/**
 * What the pose model found, drawn on the working mask: each forearm as a capsule from the elbow
 * past the wrist by half a forearm (the hand), a quarter of the forearm's length wide each side;
 * each lower leg from the knee past the ankle (the foot); the head as its disc. The colour
 * refinement leans towards the child inside them.
 */
import type { Point, Pose } from './pose';
import { near } from './regions';

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
/**
 * The closing's radius (it closes gaps up to twice as wide). Measured on the cut-out set: 0.15
 * forearms kept all four of a small drawn toddler's speckled forearms and hands (63–77 → 83–99 %)
 * and an outstretched doll's left hand (88 → 95 %), whole set 84 of 86 (from 80) at IoU 0.952; 0.1
 * lost one of the toddler's forearms again (73 %); 0.2 the same limbs with more wall (whole set
 * 0.951). The real portraits: 0.916.
 */
const CLOSING_IN_FOREARMS = 0.15;
/** A limb shorter than this (pixels) is the model folding it onto itself: no capsule. */
const MIN_LIMB = 2;

/** What a pixel of the map holds. */
export const POSE_NONE = 0;
export const POSE_ARM_OR_HEAD = 1;
/** A lower leg: as wide as what the colour refinement takes for a blob (a ball, a patch of wall). */
export const POSE_LEG = 2;

/** A limb's capsule: the segment from `from` to `to` (past the joint), `radius` each side. */
type Capsule = { from: Point; to: Point; radius: number; length: number };

/** Each forearm's capsule, from the elbow past the wrist (the hand). */
function forearmCapsules({ forearms }: Pose): Capsule[] {
  return forearms.flatMap(({ elbow, wrist }) => capsule(elbow, wrist, HAND_IN_FOREARMS, RADIUS_IN_FOREARMS));
}

function capsule(from: Point, to: Point, past: number, radius: number): Capsule[] {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy);
  if (length < MIN_LIMB) return [];
  const tip = { x: to.x + past * dx, y: to.y + past * dy };
  return [{ from, to: tip, radius: Math.max(1.5, radius * length), length }];
}

/** POSE_ARM_OR_HEAD where a forearm, its hand or the head lies, POSE_LEG on a lower leg, else POSE_NONE. */
export function poseMap(pose: Pose, width: number, height: number): Uint8Array {
  const map = new Uint8Array(width * height);
  const draw = ({ from, to, radius }: Capsule, value: number) =>
    drawCapsule(map, width, height, from, to, radius, value);
  for (const { knee, ankle } of pose.shins)
    for (const shin of capsule(knee, ankle, FOOT_IN_SHINS, RADIUS_IN_SHINS)) draw(shin, POSE_LEG);
  // Drawn last: where an arm crosses a leg, it is an arm.
  const { head } = pose;
  if (head) draw({ from: head.centre, to: head.centre, radius: head.radius, length: 0 }, POSE_ARM_OR_HEAD);
  for (const forearm of forearmCapsules(pose)) draw(forearm, POSE_ARM_OR_HEAD);
  return map;
}

/**
 * Gaps in the child's mask inside each forearm's capsule up to twice CLOSING_IN_FOREARMS of the
 * forearm wide, closed (a square dilation, then an erosion, of that radius): the pixels to add. A
 * speckled forearm or a palm darker than the face comes out of the colours in pieces; the pose
 * model says it is one arm. Past the photo's edges is background, so nothing is closed against them.
 */
export function closedAlongForearms(body: Uint8Array, pose: Pose, width: number, height: number): Uint8Array {
  const added = new Uint8Array(body.length);
  for (const { from, to, radius, length } of forearmCapsules(pose)) {
    const r = Math.max(1, Math.round(CLOSING_IN_FOREARMS * length));
    // The erosion looks r past the capsule, the dilation r past that.
    const pad = radius + 2 * r;
    const left = Math.floor(Math.min(from.x, to.x) - pad);
    const top = Math.floor(Math.min(from.y, to.y) - pad);
    const w = Math.ceil(Math.max(from.x, to.x) + pad) - left + 1;
    const h = Math.ceil(Math.max(from.y, to.y) + pad) - top + 1;
    // The part of the window inside the photo; the rest stays 0 (background).
    const [x0, x1, y0, y1] = [
      Math.max(0, -left),
      Math.min(w, width - left),
      Math.max(0, -top),
      Math.min(h, height - top),
    ];
    const part = new Uint8Array(w * h);
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) part[y * w + x] = body[(y + top) * width + x + left];
    const grown = near(part, w, h, r);
    for (let i = 0; i < grown.length; i++) grown[i] = 1 - grown[i];
    const openings = near(grown, w, h, r); // 1 where the erosion of the grown mask is 0
    const inside = new Uint8Array(w * h);
    drawCapsule(
      inside,
      w,
      h,
      { x: from.x - left, y: from.y - top },
      { x: to.x - left, y: to.y - top },
      radius,
      1,
    );
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        if (inside[i] && !openings[i] && !part[i]) added[(y + top) * width + x + left] = 1;
      }
  }
  return added;
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
