/**
 * Where the segmentation model is unsure, the photo's own colours decide. The selfie model is
 * trained on people facing a camera at arm's length: a child's raised or outstretched forearms
 * and hands come out faint or missing, and the region kept around the face then loses them. So
 * the pixels the model is sure of teach two colour models for this one photo (the child's: face,
 * skin, clothes; the background's), and every pixel within an arm's reach of the child is
 * labelled again by its colour, the model's own probability weighing in as a prior. Only what
 * joins the child's body is added: a matching patch of wall elsewhere stays out. The colours also
 * take away the model's unsure pixels that they call background (the window light between a small
 * child's arm and body), and any pixel whose colour plainly is the background's (the wall the model
 * fills in between raised arms and the head): dark clothes the model is sure of teach the child's
 * colours, so they stay.
 */
import { colourBins, density, logRatio } from './colour-model';
import { boxMean, type RgbImage } from './guided-filter';
import { NO_POSE, type Pose } from './pose';
import { closedAlongForearms, POSE_LEG, POSE_NONE, poseMap } from './pose-map';
import { joinedTo, near } from './regions';

/** Model probabilities (0–255) taken as sure: they teach the colour models. */
const SURE_CHILD = 230;
const SURE_BACKGROUND = 25;
/** How much a sure background pixel within the reach counts towards the background's colours. */
const NEAR_BACKGROUND_WEIGHT = 0.15;
/**
 * Growth beyond this share of the region's area is a flood into a background the colours cannot
 * tell from the child: the region is kept as the model drew it.
 */
const MAX_GROWTH = 0.6;
/**
 * The face's share of the child's colours: a sleeveless child's arms are mostly skin, which the
 * body the model is sure of (clothes, hair) may hardly show.
 */
const SKIN_SHARE = 0.4;
/**
 * The model's own log-odds, weighed against the colours' (a faint limb is still a limb), its
 * probability floored at MODEL_FLOOR: where the model sees nothing at all (a forearm raised over a
 * wall), −0.74 rather than −0.97 lets the colours speak. Measured with the lift below: 0.02 → 0.05
 * kept a straight-up doll's forearm and hand; 0.08 the same.
 */
const MODEL_WEIGHT = 0.25;
const MODEL_FLOOR = 0.05;
const MODEL_ODDS = Float32Array.from({ length: 256 }, (_, v) => {
  const p = Math.min(0.98, Math.max(MODEL_FLOOR, v / 255));
  return MODEL_WEIGHT * Math.log(p / (1 - p));
});
/** Log-odds (smoothed over a window of this radius) a pixel must reach to join the child. */
const JOIN_ODDS = 0;
const ODDS_RADIUS = 1;
/** Beyond the reach: nothing joins. */
const OUT_OF_REACH_ODDS = -10;
/**
 * An added part that holds a square of side 2·BLOB_IN_REACH·reach (about two thirds of a face's
 * height), at least BLOB_FILL of it added, is a blob, not a limb.
 */
const BLOB_IN_REACH = 0.14;
const BLOB_FILL = 0.85;
/**
 * A blob held on this share of its outline by the child is kept (keepHeld). Measured: 0.5 also
 * took a neighbour's shoulder in group photos (two left-out crops −0.03); 0.85 kept nothing.
 */
const HELD_SHARE = 0.7;
/**
 * A pixel of the region the model is unsure of (under SURE_CHILD) leaves it when its log-odds are
 * below this. A region pixel of at least LIFT_FROM whose log-odds are at least this is made
 * opaque: a beige hand on a beige wall that the model was unsure of, which the guided filter would
 * leave half transparent.
 */
const DROP_ODDS = 0;
const LIFT_FROM = 128;
/**
 * Any pixel of the region leaves it when its log-odds are below this, sure or not: only colours
 * that plainly belong to the background (the wall between raised arms and the head, between a far
 * child's legs, which the model fills in). Measured: −1.5 and −1 took more from the composites
 * but more hair strands from real portraits (11: 0.916, 0.915; 22: 0.872, 0.870).
 */
const SURE_DROP_ODDS = -2;
/**
 * Log-odds added inside the limbs and head the pose model found (pose-map.ts): skin on a beige wall (−0.5)
 * joins, the wall around it (−2 and less) stays out. Measured on the cut-out set: 0.75 lost two
 * hands of these, 1.25 kept the same, 2 flooded past MAX_GROWTH and lost a forearm; teaching the
 * child's colours from the forearms' middle lines changed nothing. In the head's disc it brought
 * back a drawn doll's photographed face (outstretched-beach 0.897 → 0.921), the rest unchanged.
 * On the lower legs (with the blob rule lifted there) it brought back a doll's dark trousers on a
 * dark door (straight-up-room 0.833 → 0.920).
 */
const POSE_ODDS = 1;

export type ColourRefineInput = {
  /** The photo at the working size. */
  photo: RgbImage;
  /** The model's probability of a person (0–255) everywhere, at the working size. */
  probability: Uint8Array;
  /** The child's region as kept so far (0–255, the rest 0), at the working size. */
  region: Uint8Array;
  /** How far (working pixels) from the region a limb may reach (and wherever the pose's limbs and head are). */
  reach: number;
  /** Where the face's skin is (working pixels): what bare forearms and hands look like. */
  skin: SkinBox;
  /** What the pose model found (working pixels). */
  pose?: Pose;
};
export type SkinBox = { left: number; top: number; right: number; bottom: number };

/**
 * The region with what the colours add to it: pixels within `reach` (or the pose's limbs and
 * head, where the child counts POSE_ODDS more) whose colour and model
 * probability together favour the child, joined to the region through each other, set opaque.
 */
export function refineByColour({
  photo,
  probability,
  region: modelRegion,
  reach,
  skin,
  pose = NO_POSE,
}: ColourRefineInput): Uint8Array {
  const { width, height } = photo;
  // Below the lowest the child's legs reach is what she sits or stands on (a chair's dark legs):
  // never the child, and it must not teach the child's colours either.
  const floor =
    pose.lowest === undefined
      ? modelRegion.length
      : Math.min(height, Math.max(0, Math.ceil(pose.lowest))) * width;
  const region = Uint8Array.from(modelRegion).fill(0, floor);
  const bins = colourBins(photo);
  const solid = new Uint8Array(region.length);
  for (let i = 0; i < solid.length; i++) solid[i] = region[i] >= 128 ? 1 : 0;
  // A hand may reach past what the face's size allows: the pose model saw it there.
  const limb = poseMap(pose, width, height);
  const within = near(solid, width, height, reach);
  for (let i = 0; i < within.length; i++) if (limb[i] !== POSE_NONE) within[i] = 1;
  // The lost limbs lie within the reach among the sure background: counted lightly there, they
  // must not teach the background model their colours, which it still learns from around.
  const sureChild = new Float32Array(region.length);
  const faceSkin = new Float32Array(region.length);
  const sureBackground = new Float32Array(region.length);
  for (let i = 0; i < region.length; i++) {
    const x = i % width;
    const y = (i - x) / width;
    sureChild[i] = region[i] >= SURE_CHILD ? 1 : 0;
    const inSkin = x >= skin.left && x <= skin.right && y >= skin.top && y <= skin.bottom;
    faceSkin[i] = solid[i] && inSkin ? 1 : 0;
    sureBackground[i] = probability[i] > SURE_BACKGROUND ? 0 : within[i] ? NEAR_BACKGROUND_WEIGHT : 1;
  }
  const child = density(bins, sureChild);
  const face = density(bins, faceSkin);
  for (let k = 0; k < child.length; k++) child[k] = (1 - SKIN_SHARE) * child[k] + SKIN_SHARE * face[k];
  const background = density(bins, sureBackground);

  // The child's log-odds within the reach, smoothed over a small window so a patterned sleeve
  // reads as its mix of colours rather than stripe by stripe, and a one-pixel seam cannot join.
  const colourOdds = logRatio(child, background);
  const odds = new Float32Array(region.length).fill(OUT_OF_REACH_ODDS);
  for (let i = 0; i < odds.length; i++)
    if (within[i])
      odds[i] = MODEL_ODDS[probability[i]] + colourOdds[bins[i]] + (limb[i] === POSE_NONE ? 0 : POSE_ODDS);
  const smoothed = boxMean(odds, width, height, ODDS_RADIUS);
  const candidate = new Uint8Array(region.length);
  for (let i = 0; i < candidate.length; i++) candidate[i] = !solid[i] && smoothed[i] >= JOIN_ODDS ? 1 : 0;
  const thin = withoutBlobs(candidate, width, height, Math.round(BLOB_IN_REACH * reach));
  keepHeld(candidate, thin, solid, width);
  // A lower leg in trousers is as wide as a blob: where the pose model saw one, it is no ball.
  for (let i = 0; i < thin.length; i++) if (limb[i] === POSE_LEG) thin[i] |= candidate[i];
  const added = joinedTo(solid, thin, width);
  let grown = 0;
  let area = 0;
  for (let i = 0; i < added.length; i++) {
    grown += added[i];
    area += solid[i];
  }
  // A forearm the colours took back in pieces is one arm: its gaps closed. Bounded by the pose's
  // capsules, the closing is no flood: it does not count towards MAX_GROWTH.
  const body = new Uint8Array(added.length);
  for (let i = 0; i < body.length; i++) body[i] = added[i] | solid[i];
  const closed = closedAlongForearms(body, pose, width, height);
  for (let i = 0; i < added.length; i++) added[i] |= closed[i];
  const out = Uint8Array.from(region);
  // Set to 0, not lowered: the guided filter then follows the photo's edge to the limb.
  for (let i = 0; i < out.length; i++)
    if ((out[i] < SURE_CHILD && smoothed[i] < DROP_ODDS) || smoothed[i] < SURE_DROP_ODDS) out[i] = 0;
    else if (out[i] >= LIFT_FROM && smoothed[i] >= DROP_ODDS) out[i] = 255;
  if (grown <= MAX_GROWTH * area) for (let i = 0; i < out.length; i++) if (added[i]) out[i] = 255;
  return out.fill(0, floor);
}

/**
 * Limbs are thin: where a square of 2·radius + 1 is (nearly) all marked, and the marked pixels
 * around it, is a blob — a ball, the sun, a patch of wall — and is dropped. "Nearly": a blob's
 * colours are speckled with pixels that miss.
 */
function withoutBlobs(marked: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const share = boxMean(Float32Array.from(marked), width, height, radius);
  const cores = new Uint8Array(marked.length);
  for (let i = 0; i < cores.length; i++) cores[i] = share[i] >= BLOB_FILL ? 1 : 0;
  const blobs = near(cores, width, height, radius);
  const out = new Uint8Array(marked.length);
  for (let i = 0; i < out.length; i++) out[i] = marked[i] & (1 - blobs[i]);
  return out;
}

/**
 * A blob the child holds on nearly every side is the child, not a ball: an upper arm between the
 * hair, the forearm and the dress. Each 4-connected part that `withoutBlobs` dropped goes back into
 * `thin` (in place) when at least HELD_SHARE of its outside neighbours are marked or solid.
 */
function keepHeld(marked: Uint8Array, thin: Uint8Array, solid: Uint8Array, width: number) {
  const seen = new Uint8Array(marked.length);
  const stack: number[] = [];
  const part: number[] = [];
  for (let start = 0; start < marked.length; start++) {
    if (seen[start] || !marked[start] || thin[start]) continue;
    part.length = 0;
    seen[start] = 1;
    stack.push(start);
    let outside = 0;
    let held = 0;
    while (stack.length) {
      const i = stack.pop() as number;
      part.push(i);
      const x = i % width;
      for (const n of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (n < 0 || n >= marked.length) continue;
        if (marked[n] && !thin[n]) {
          if (seen[n]) continue;
          seen[n] = 1;
          stack.push(n);
        } else {
          outside++;
          if (marked[n] || solid[n]) held++;
        }
      }
    }
    if (outside > 0 && held >= HELD_SHARE * outside) for (const i of part) thin[i] = 1;
  }
}
