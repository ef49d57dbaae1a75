/**
 * Fingers, at full size. At the working size a child's finger is a pixel or two wide, so the colour
 * refinement keeps the palm and loses the fingers, and the guided filter leaves them half
 * transparent. Around the end of each raised or outstretched forearm the pose model is sure of, the hand's own colours
 * (what is opaque there) and the background's (what is clear around it) are learnt
 * again, from this hand alone and at full size, and the pixels that join the hand through
 * colours like its own are made opaque.
 * Measured on the cut-out set: the last two hands lost come back (a cheering doll's over a bright
 * window 65 → 94 %, an outstretched doll's on a beige wall 78 → 91 %), forearms and hands 86 of 86,
 * whole set 0.953, the real portraits unchanged (11: 0.916, 22 crops: 0.871), ~8 ms a photo. Not
 * kept: the background learnt from the ring only (the sun beside a raised hand joined it: a doll
 * 0.951 → 0.916); the end followed along the forearm's line (a bent hand's fingers missed: 71 %);
 * odds smoothed over 3×3 (a finger three pixels wide loses its sides: 90 %); a cone of 0.5 (same).
 * Hanging hands are left alone: their fingers lie against the legs, whose clothes would teach the
 * hand's colours (a sitting child 0.897 → 0.894 with them).
 */
import { colourBins, density, logRatio } from './colour-model';
import type { Rect, RgbImage } from './guided-filter';
import type { Forearm, Point } from './pose';
import { joinedTo } from './regions';

/** A forearm pointing down more steeply than this (the sine of its angle below level) hangs. */
const HANGING_SINE = 0.5;
/** How far past the wrist the kept arm is followed to its end, in forearms. */
const FOLLOW_IN_FOREARMS = 3;
/** How far from the forearm's line (the cosine of the angle at the wrist) the hand may bend. */
const CONE_COS = 0.7;
/** The far end's depth, in forearms: its middle is the hand's. */
const END_IN_FOREARMS = 0.25;
/** The hand's disc around that end, and the wider disc around it where the background is learnt. */
const HAND_IN_FOREARMS = 0.8;
const RING_IN_HANDS = 1.6;
/** Alpha taken as the hand's own, as the background's, and as kept. */
const OPAQUE = 250;
const CLEAR = 16;
const KEPT = 128;
/** Fewer pixels than this on either side teach nothing. */
const MIN_SAMPLES = 24;
/** Log-odds a pixel must reach to join the hand. */
const JOIN_ODDS = 1;
/** Adding more than this share of the hand's disc is a flood into a wall of the hand's colour. */
const MAX_ADDED_SHARE = 0.35;

/**
 * A forearm at least this long at the working size (in its pixels) has fingers the working size
 * resolves (a finger is ~7 % of a forearm: 4 pixels and more), which the colour refinement and the
 * guided filter keep. Such a hand is left alone: on a photo the child fills (the real portraits'
 * forearms, 278–405 px at full size, 83–121 at the working size), its window was most of the
 * photo, 13–41 ms, for nothing to add.
 */
const RESOLVED_FOREARM = 60;

/**
 * Raises to opaque, in place, the fingers around each forearm's hand. `alpha` covers `crop` of
 * `photo`; `workScale` is the working size's share of the photo's.
 */
export function addFingers(
  photo: RgbImage,
  alpha: Uint8Array,
  crop: Rect,
  forearms: Forearm[],
  workScale: number,
) {
  for (const forearm of forearms) {
    const length = Math.hypot(forearm.wrist.x - forearm.elbow.x, forearm.wrist.y - forearm.elbow.y);
    if (length * workScale < RESOLVED_FOREARM) addFingersOf(photo, alpha, crop, forearm);
  }
}

function addFingersOf(photo: RgbImage, alpha: Uint8Array, crop: Rect, { elbow, wrist }: Forearm) {
  const { width, height } = crop;
  const length = Math.hypot(wrist.x - elbow.x, wrist.y - elbow.y);
  // Raised and outstretched hands only: a hanging hand's fingers lie against the legs, whose
  // clothes would teach the hand's colours (and a bag on the floor of their colour would join).
  if (length < 4 || wrist.y - elbow.y > HANGING_SINE * length) return;
  const end = endOfHand(alpha, crop, { elbow, wrist }, length);
  const radius = Math.max(6, HAND_IN_FOREARMS * length);
  const ring = RING_IN_HANDS * radius;
  const cx = end.x - crop.left;
  const cy = end.y - crop.top;
  const left = Math.max(0, Math.floor(cx - ring));
  const top = Math.max(0, Math.floor(cy - ring));
  const w = Math.min(width, Math.ceil(cx + ring) + 1) - left;
  const h = Math.min(height, Math.ceil(cy + ring) + 1) - top;
  if (w <= 2 || h <= 2) return;
  // The window's photo and alpha.
  const data = new Uint8Array(w * h * 3);
  const window = new Uint8Array(w * h);
  // Squared distances from the hand's middle.
  const distance = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const from = ((y + top + crop.top) * photo.width + left + crop.left) * 3;
    data.set(photo.data.subarray(from, from + w * 3), y * w * 3);
    window.set(alpha.subarray((y + top) * width + left, (y + top) * width + left + w), y * w);
    const dy = y + top - cy;
    for (let x = 0; x < w; x++) distance[y * w + x] = (x + left - cx) ** 2 + dy * dy;
  }
  const [inside, outside] = [radius * radius, ring * ring];
  // The hand's colours: what is opaque in its disc; the background's: what is clear anywhere around.
  const hand = new Float32Array(w * h);
  const background = new Float32Array(w * h);
  let handCount = 0;
  let backgroundCount = 0;
  for (let i = 0; i < window.length; i++) {
    if (distance[i] <= inside && window[i] >= OPAQUE) {
      hand[i] = 1;
      handCount++;
    } else if (distance[i] <= outside && window[i] <= CLEAR) {
      background[i] = 1;
      backgroundCount++;
    }
  }
  if (handCount < MIN_SAMPLES || backgroundCount < MIN_SAMPLES) return;
  const bins = colourBins({ data, width: w, height: h });
  const ratio = logRatio(density(bins, hand), density(bins, background));
  // Pixel by pixel: a window's mean would blur a finger a few pixels wide into the wall.
  const odds = new Float32Array(bins.length);
  for (let i = 0; i < bins.length; i++) odds[i] = ratio[bins[i]];
  // The candidates in the hand's disc, those joined to what is kept (4-connected) added.
  const candidate = new Uint8Array(w * h);
  const kept = new Uint8Array(w * h);
  let disc = 0;
  for (let i = 0; i < candidate.length; i++) {
    kept[i] = window[i] >= KEPT ? 1 : 0;
    if (distance[i] > inside) continue;
    disc++;
    candidate[i] = !kept[i] && odds[i] >= JOIN_ODDS ? 1 : 0;
  }
  const added = joinedTo(kept, candidate, w);
  let count = 0;
  for (const pixel of added) count += pixel;
  if (count === 0 || count > MAX_ADDED_SHARE * disc) return;
  for (let i = 0; i < added.length; i++)
    if (added[i]) alpha[(Math.floor(i / w) + top) * width + (i % w) + left] = 255;
}

/**
 * The middle of the far end of what is kept of the hand: of the kept pixels ahead of the wrist
 * (within a cone around the forearm's line, FOLLOW_IN_FOREARMS at most), those within
 * END_IN_FOREARMS of the farthest from the elbow. The model may put a wrist short, and a hand may
 * bend away from the forearm's line.
 */
function endOfHand(alpha: Uint8Array, crop: Rect, { elbow, wrist }: Forearm, length: number): Point {
  const { width, height } = crop;
  const direction = { x: (wrist.x - elbow.x) / length, y: (wrist.y - elbow.y) / length };
  const follow = FOLLOW_IN_FOREARMS * length;
  const left = Math.max(0, Math.floor(wrist.x - crop.left - follow));
  const right = Math.min(width - 1, Math.ceil(wrist.x - crop.left + follow));
  const top = Math.max(0, Math.floor(wrist.y - crop.top - follow));
  const bottom = Math.min(height - 1, Math.ceil(wrist.y - crop.top + follow));
  if (right < left || bottom < top) return wrist;
  const cone = CONE_COS * CONE_COS;
  // Each kept pixel ahead: its distance from the elbow (0 elsewhere).
  const w = right - left + 1;
  const fromElbow = new Float32Array(w * (bottom - top + 1));
  let farthest = length;
  for (let y = top; y <= bottom; y++) {
    const dy = y + crop.top - wrist.y;
    for (let x = left; x <= right; x++) {
      if (alpha[y * width + x] < KEPT) continue;
      const dx = x + crop.left - wrist.x;
      const ahead = dx * direction.x + dy * direction.y;
      const away = dx * dx + dy * dy;
      if (away > follow * follow || ahead < 0 || ahead * ahead < cone * away) continue;
      const distance = Math.sqrt((x + crop.left - elbow.x) ** 2 + (y + crop.top - elbow.y) ** 2);
      fromElbow[(y - top) * w + x - left] = distance;
      farthest = Math.max(farthest, distance);
    }
  }
  let [sumX, sumY, count] = [0, 0, 0];
  for (let i = 0; i < fromElbow.length; i++)
    if (fromElbow[i] > 0 && fromElbow[i] >= farthest - END_IN_FOREARMS * length) {
      sumX += (i % w) + left;
      sumY += Math.floor(i / w) + top;
      count++;
    }
  return count ? { x: sumX / count + crop.left, y: sumY / count + crop.top } : wrist;
}
