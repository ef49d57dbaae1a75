/**
 * Where the child's forearms, lower legs and head are: MoveNet SinglePose Lightning (Google, Apache-2.0;
 * model/NOTICE.md) on the same TensorFlow.js WASM backend as the segmentation, on a square around
 * the child. The segmentation model loses raised and outstretched forearms and hands whose colours
 * match the wall (and, on a drawn doll, a pasted photographed face); the pose model finds elbows,
 * wrists, knees, ankles and the face by the body's shape, so the colour refinement (colour-refine.ts) can look for
 * them where they are.
 */
import sharp from 'sharp';
import { loadFaceApiWith } from '../face-detector';
import type { RgbImage } from './guided-filter';
import { GREY } from './letterbox';
import { graphModelArtifacts } from './model-dir';

/** The model's input square, and how many keypoints it finds. */
const POSE_SIDE = 192;
const KEYPOINTS = 17;
/**
 * A keypoint's score below this is a guess. Measured on the cut-out set: 0.15 and 0.25 kept the
 * same limbs; the small drawn toddler's wrists (0.10–0.14) stay out either way.
 */
const MIN_SCORE = 0.25;
/** The model's (COCO) keypoints: the face's, and each arm's elbow and wrist. */
const HEAD = { nose: 0, leftEye: 1, rightEye: 2, leftEar: 3, rightEar: 4 } as const;
const EYES_TO_HEAD = 2.5;
const HEAD_ABOVE_NOSE = 0.15;
const HEAD_RADIUS = 0.6;
const ARMS = [
  { elbow: 7, wrist: 9 },
  { elbow: 8, wrist: 10 },
] as const;
/**
 * Each leg's knee and ankle, which the model is less sure of than of arms (a leg is often cut by
 * the frame or in dark trousers): measured on the cut-out set, 0.25 missed a standing doll's
 * right shin (ankle 0.24); 0.2 and 0.15 took the same shins, and the real portraits were unchanged.
 */
const LEGS = [
  { hip: 11, knee: 13, ankle: 15 },
  { hip: 12, knee: 14, ankle: 16 },
] as const;
const MIN_LEG_SCORE = 0.2;
/**
 * How far below the lowest thing the model sees of a child she can reach, in the longer part of a
 * leg: a foot is a third of one, but the model puts a drawn doll's ankles too high (by most of a
 * shin) and a cross-legged child's at her lap. Measured on the cut-out set from the ankle: 1.2 took
 * a chair the segmentation draws as a sitting child's legs (3d-sitting 0.736 → 0.874), the rest
 * unchanged; 1.0 cut that doll's feet (raised-park 0.952 → 0.944); 1.5 kept more chair (0.836).
 * From the lowest sure joint or the head's bottom, and only sure legs: 3d-sitting 0.893; applied in
 * the colour refinement before it learns the child's colours (the chair no longer teaches them): 0.897.
 */
const BELOW_ANKLE_IN_LEGS = 1.2;

/**
 * An arm whose elbow and (guessed) wrist both lie this close to the photo's bottom edge (a share
 * of its height), or below it, is where the photo cuts the child: its forearm runs along or out of
 * the edge, and no second look in the mirror is taken for it. On the real portraits (head and
 * shoulders, cut at the chest) the mirror looked again for 3 of 11, ~25 ms each, and changed
 * nothing; the photos it helps raise their arms (a raised wrist's guess lies well above the edge).
 */
const BOTTOM_CUT = 0.06;

export type Point = { x: number; y: number };
export type Disc = { centre: Point; radius: number };
/** A forearm both of whose ends the model is confident of, in the photo's pixels. */
export type Forearm = { elbow: Point; wrist: Point };
/** A lower leg both of whose ends the model is confident of, in the photo's pixels. */
export type Shin = { knee: Point; ankle: Point };
/** A square of the photo (its pixels; it may reach past the photo's edges, which read as grey). */
export type Square = { left: number; top: number; side: number };

type GraphModel = { execute(input: unknown): { data(): Promise<Float32Array>; dispose(): void } };
type Tf = {
  loadGraphModel(handler: unknown): Promise<GraphModel>;
  io: { fromMemory(artifacts: unknown): unknown };
  tensor4d(data: Int32Array, shape: [number, number, number, number], dtype: 'int32'): { dispose(): void };
};

let loading: Promise<{ tf: Tf; model: GraphModel }> | undefined;
export function loadPose() {
  loading ??= (async () => {
    const { tf } = (await loadFaceApiWith('tinyFaceDetector')) as unknown as { tf: Tf };
    const model = await tf.loadGraphModel(tf.io.fromMemory(graphModelArtifacts('movenet-lightning')));
    return { tf, model };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * What the pose model is confident of, in the photo's pixels. `lowest` is the lowest row the child
 * can reach when a whole leg (hip, knee and ankle) is seen: below it lies what the child sits or
 * stands on, never the child.
 */
export type Pose = { forearms: Forearm[]; shins: Shin[]; head: Disc | undefined; lowest: number | undefined };
export const NO_POSE: Pose = { forearms: [], shins: [], head: undefined, lowest: undefined };

/** The pose the model finds in `square` of the photo. */
export async function poseIn(photo: RgbImage, square: Square): Promise<Pose> {
  const { tf, model } = await loadPose();
  const input = await poseInput(photo, square);
  const keypoints = await keypointsOf(tf, model, input);
  const toPhoto = square.side / POSE_SIDE;
  if (looksAgainInMirror(keypoints, square, photo.height))
    armsFromMirror(keypoints, await keypointsOf(tf, model, mirrored(input)));
  const at = (k: number, minScore = MIN_SCORE): Point | undefined =>
    keypoints[k * 3 + 2] >= minScore
      ? {
          x: square.left + keypoints[k * 3 + 1] * POSE_SIDE * toPhoto,
          y: square.top + keypoints[k * 3] * POSE_SIDE * toPhoto,
        }
      : undefined;
  const forearms: Forearm[] = [];
  for (const arm of ARMS) {
    const [elbow, wrist] = [at(arm.elbow), at(arm.wrist)];
    if (elbow && wrist) forearms.push({ elbow, wrist });
  }
  const shins: Shin[] = [];
  const legs: Leg[] = [];
  for (const leg of LEGS) {
    const [knee, ankle] = [at(leg.knee, MIN_LEG_SCORE), at(leg.ankle, MIN_LEG_SCORE)];
    if (knee && ankle) shins.push({ knee, ankle });
    // Only sure legs bound the child: the bound takes pixels away.
    const [hip, sureKnee, sureAnkle] = [at(leg.hip), at(leg.knee), at(leg.ankle)];
    if (hip && sureKnee && sureAnkle) legs.push({ hip, knee: sureKnee, ankle: sureAnkle });
  }
  const head = headOf(
    at(HEAD.nose),
    [at(HEAD.leftEye), at(HEAD.rightEye)],
    [at(HEAD.leftEar), at(HEAD.rightEar)],
  );
  const seen = Array.from({ length: KEYPOINTS }, (_, k) => at(k)).filter((point) => point !== undefined);
  if (head) seen.push({ x: head.centre.x, y: head.centre.y + head.radius });
  return { forearms, shins, head, lowest: lowestReach(legs, seen) };
}

/**
 * Whether to look again in the mirror: an elbow seen without its wrist (the arm is in the photo,
 * its forearm unclear), unless the photo's bottom edge cuts that arm (BOTTOM_CUT).
 */
export function looksAgainInMirror(keypoints: Float32Array, square: Square, photoHeight: number): boolean {
  const sure = (k: number) => scoreOf(keypoints, k) >= MIN_SCORE;
  const rowOf = (k: number) => square.top + keypoints[k * 3] * square.side;
  const cut = (1 - BOTTOM_CUT) * photoHeight;
  return ARMS.some(
    ({ elbow, wrist }) => sure(elbow) && !sure(wrist) && (rowOf(elbow) < cut || rowOf(wrist) < cut),
  );
}

type Leg = { hip: Point; knee: Point; ankle: Point };

/**
 * The lowest row the child reaches, when a sure leg hangs or stands (ankle below hip):
 * BELOW_ANKLE_IN_LEGS of its longer part below the lowest thing the model sees of her (`seen`:
 * her sure joints and the bottom of her head). Her head stays in whatever her pose (a cartwheel,
 * lying aslant); a child upside down or a baby with its legs in the air bounds nothing.
 */
export function lowestReach(legs: Leg[], seen: Point[]): number | undefined {
  let part = 0;
  for (const { hip, knee, ankle } of legs)
    if (ankle.y > hip.y) part = Math.max(part, distance([hip, knee]), distance([knee, ankle]));
  if (part === 0) return undefined;
  return Math.max(...seen.map(({ y }) => y)) + BELOW_ANKLE_IN_LEGS * part;
}

const distance = ([a, b]: Array<Point | undefined>) => (a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0);

/**
 * The head as a disc: its width from ear to ear (or 2.5 eye distances when an ear is hidden), its
 * middle a little above the nose. Measured on the cut-out set: a radius of 0.6 widths brought back
 * a drawn doll's face the segmentation had lost; 0.8 took wall beside the head.
 */
function headOf(
  nose: Point | undefined,
  eyes: Array<Point | undefined>,
  ears: Array<Point | undefined>,
): Disc | undefined {
  const width = Math.max(distance(ears), EYES_TO_HEAD * distance(eyes));
  if (!nose || width === 0) return undefined;
  return { centre: { x: nose.x, y: nose.y - HEAD_ABOVE_NOSE * width }, radius: HEAD_RADIUS * width };
}

/** The square scaled to the model's side, the part past the photo's edges grey. */
async function poseInput(photo: RgbImage, square: Square): Promise<Int32Array> {
  const scale = POSE_SIDE / square.side;
  const left = Math.max(0, Math.round(square.left));
  const top = Math.max(0, Math.round(square.top));
  const right = Math.min(photo.width, Math.round(square.left + square.side));
  const bottom = Math.min(photo.height, Math.round(square.top + square.side));
  const input = new Int32Array(POSE_SIDE * POSE_SIDE * 3).fill(GREY);
  if (right <= left || bottom <= top) return input;
  const offsetX = Math.max(0, Math.round((left - square.left) * scale));
  const offsetY = Math.max(0, Math.round((top - square.top) * scale));
  const width = Math.max(1, Math.min(POSE_SIDE - offsetX, Math.round((right - left) * scale)));
  const height = Math.max(1, Math.min(POSE_SIDE - offsetY, Math.round((bottom - top) * scale)));
  const inner = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  for (let y = 0; y < height; y++)
    input.set(inner.subarray(y * width * 3, (y + 1) * width * 3), ((y + offsetY) * POSE_SIDE + offsetX) * 3);
  return input;
}

const scoreOf = (keypoints: Float32Array, k: number) => keypoints[k * 3 + 2];

/**
 * A second look in the mirror, when the model sees an elbow but not its wrist: a small drawn
 * toddler's raised wrists score 0.10–0.14 as they are and 0.31–0.37 mirrored (in place: an arm
 * the mirror is sure of is taken whole, an arm neither look is sure of joint by joint; taking
 * every arm whole from the look surer of both its joints lost that toddler's other forearm). Measured on the cut-out set (2 of its 22
 * photos look twice): small-raised-autumn 0.818 → 0.886, whole set 0.949 → 0.952, the rest and
 * the portraits unchanged. Looking twice whenever an arm is unsure (5 of 22) changed nothing more
 * and cost the slowest photo ~50 ms; mirroring every keypoint of every photo also brought back a
 * doll's hand, but moved a sitting child's legs (3d-sitting 0.874 → 0.832).
 */
export function armsFromMirror(keypoints: Float32Array, mirror: Float32Array) {
  const other = (k: number) => (k % 2 === 1 ? k + 1 : k - 1); // the mirror's left arm is the child's right
  const take = (k: number) => {
    const m = other(k);
    keypoints[k * 3] = mirror[m * 3];
    keypoints[k * 3 + 1] = 1 - mirror[m * 3 + 1];
    keypoints[k * 3 + 2] = mirror[m * 3 + 2];
  };
  const sure = (scores: Float32Array, k: number) => scoreOf(scores, k) >= MIN_SCORE;
  for (const { elbow, wrist } of ARMS) {
    const firstSure = sure(keypoints, elbow) && sure(keypoints, wrist);
    const mirrorSure = sure(mirror, other(elbow)) && sure(mirror, other(wrist));
    // An arm one look is sure of is taken whole from it: mixing could join one look's elbow to the
    // other's wrist when the model swaps left and right. Otherwise each joint from the surer look.
    if (firstSure) continue;
    if (mirrorSure) for (const k of [elbow, wrist]) take(k);
    else for (const k of [elbow, wrist]) if (scoreOf(mirror, other(k)) > scoreOf(keypoints, k)) take(k);
  }
}

/** The model's input, mirrored left to right. */
function mirrored(input: Int32Array): Int32Array {
  const out = new Int32Array(input.length);
  for (let y = 0; y < POSE_SIDE; y++)
    for (let x = 0; x < POSE_SIDE; x++) {
      const from = (y * POSE_SIDE + x) * 3;
      const to = (y * POSE_SIDE + POSE_SIDE - 1 - x) * 3;
      out[to] = input[from];
      out[to + 1] = input[from + 1];
      out[to + 2] = input[from + 2];
    }
  return out;
}

/** The 17 keypoints as (y, x, score), x and y as shares of the square. */
async function keypointsOf(tf: Tf, model: GraphModel, input: Int32Array): Promise<Float32Array> {
  const tensor = tf.tensor4d(input, [1, POSE_SIDE, POSE_SIDE, 3], 'int32');
  try {
    const output = model.execute(tensor);
    return await output.data().finally(() => output.dispose());
  } finally {
    tensor.dispose();
  }
}
