/**
 * Offline background removal: MediaPipe Selfie Segmentation on
 * TensorFlow.js's WASM backend (shared with face-api), on a letterboxed 256×256 copy; the mask is
 * cut back out of the letterbox and only the region that holds the detected face is kept (the
 * largest region when no face is found), without the patches of middling probability that hang
 * on to it far from anything the model is sure of (a neighbour's hair, a sofa). At a working size
 * the photo's colours then take back the limbs the model was unsure of (subject.ts,
 * colour-refine.ts: raised and outstretched forearms and hands); a guided filter with the photo
 * as guide carries the edge to full size (alpha.ts), and the soft edge gets the child's own
 * colours instead of the old background's (foreground.ts). No person: SubjectNotFoundError.
 *
 * On the cut-out set (bench/cutouts.ts: drawn children with exact masks, Nov 2026) the colours,
 * the colour guide and the foreground colours took the forearms and hands kept from 14 to 25 of
 * the 32 in the 8 photos both keep (the two smallest children are refused before and after), their
 * mean IoU from 0.78 to 0.88 and the outline's colour error on a new background from 38 to 26 (of
 * 255), for ~45% more time.
 * A child small in the frame (under half its width and height) is looked at again on a crop
 * around it (segment.ts: the model and the face detector at 416 px there, where a far face is
 * found); and the face's size now reaches the limbs' reach and skin colours (it was lost: NaN).
 * On the cut-out set's composited 3D figures (bench/cutout-set/composites.ts, exact alpha, Nov
 * 2026) this took mean IoU from 0.749 to 0.930, forearms and hands kept from 37 to 45 of 46, and
 * two refused far children to none; on the drawn dolls 0.707 → 0.878, 25 → 27 of 40, two
 * refusals to none. Measured and not kept: the mean of the far and the close look (0.909 and
 * 0.750: the far look's blur floods the crop); the face detector at 416 px on every photo
 * (0.933 and 0.877, for 3–4× its time on every photo), at 320 px first and 224 px close (0.928,
 * 0.863); an arm's reach of 4 face heights rather than 3 (dolls 0.861 against 0.877); a crop
 * margin of 0.35 rather than 0.5 (0.933 and 0.876, two more forearms lost).
 * The colours now also take away the model's unsure pixels they call background (colour-refine.ts):
 * on the composites mean IoU 0.930 → 0.945 (a small child's window-light halo 0.813 → 0.945, a 3D
 * runner 0.965 → 0.985; dancing 0.961 → 0.953, a far child 0.920 → 0.915), the dolls 0.878 →
 * 0.895, the 11 real portraits unchanged (0.917), no forearm or hand lost. Measured and not kept:
 * unsure pixels lowered to half rather than 0 (0.939), or dropped at log-odds −1, −2, 0.5 (0.942,
 * 0.941, 0.945); those under 200 only (0.941); dropping a large sure part low on the body whose
 * colours favour the background (a chair leg the model draws as a sitting child's legs: composites
 * 0.955, sitting 0.751 → 0.879), because on real photos it takes dark clothes in front of a dark
 * background with it (the portraits 0.917 → 0.865, one of them 0.965 → 0.565).
 * A blob the colours add that the child holds on ≥ 70% of its outline is kept, not dropped as a
 * ball (colour-refine.ts: a twirling girl's upper arm between hair, forearm and dress): composites
 * 0.945 → 0.948 (that photo 0.944 → 0.986), dolls 0.895 and the real portraits unchanged, crop by
 * crop (11: 0.917, 22: 0.873). And a pixel the model is sure of leaves the region when its colour
 * plainly is the background's (log-odds < −2: the wall between raised arms and the head, between a
 * far child's legs): composites 0.948 → 0.953 (arms over the head 0.971 → 0.982, a far child
 * 0.915 → 0.941), dolls 0.895 → 0.896, portraits 0.917 → 0.916 (22: 0.873; a crop at most −0.004:
 * hair strands against a neighbour's hair); no forearm or hand lost, time unchanged. Measured and
 * not kept: a held share of 50% (a neighbour's shoulder in two group crops, −0.03: 22 → 0.870) or
 * any blob the model gives ≥ 0.5 (22 → 0.867); sure pixels dropped at −1.5 or −1 (composites
 * 0.954, 0.955; portraits 0.916, 0.915; 22: 0.872, 0.870); refilling the small holes the colours
 * cut inside the region (eyes: ±0.001; it also refills the gaps between arms and head); a guided
 * filter radius of 3–5 (±0.0005).
 * Hands (Nov 2026): the close look's crop is made as wide as tall when the first look's faint mask
 * (≥ 64) runs out of its sides (an outstretched toddler's hands fell outside it); the colour
 * refinement floors the model's probability at 0.05, not 0.02 (where it sees nothing the colours
 * speak: a raised forearm over a wall), and makes opaque the region pixels (≥ 128) the colours
 * call the child. Composites 0.953 → 0.953 (sitting 0.751 → 0.737, dancing 0.953 → 0.961),
 * forearms and hands 45/46 unchanged; dolls 0.896 → 0.907, 27 → 31 of 40 (small-outstretched-room
 * both hands, straight-up-room left forearm and hand); portraits 0.916 (22: 0.873 → 0.871, a used
 * crop at most −0.004); time unchanged. Measured and not kept: widening every close look to a
 * square (composites 0.945: a far runner 0.945 → 0.874), or at a faint mask ≥ 24 (composites
 * 0.952); the floor alone (composites 0.952); the lift alone (no hand, +0.002 on each set, 22:
 * 0.872); letting a joined limb reach half a reach further (no change: the hands are lost to gaps
 * in the colours — a darker palm or elbow — not to the reach); closing 2–3 px gaps in what the
 * colours add (cheering-party's hand kept, but straight-up-room floods past MAX_GROWTH: 0.790 →
 * 0.721, composites 0.952). Still lost: outstretched-beach's four (skin on a beige wall, −0.5 odds),
 * small-raised-autumn's four (speckled arms the face's skin does not teach), cheering-party's
 * right hand, 3d-shrugging's left hand (50 → 56% with the lift).
 * Forearms by shape (Nov 2026): colours cannot tell skin from a beige wall, so MoveNet's pose model
 * (pose.ts) looks at a square around the child and the colour refinement leans towards the child
 * along each forearm it is confident of, from the elbow to past the hand (pose-map.ts). Composites
 * 0.953 → 0.955, forearms and hands 45/46 → 46/46 (3d-shrugging's left hand 56 → 87%); dolls 0.907
 * → 0.916, 31 → 34 of 40 (outstretched-beach's forearms and left hand); the real portraits
 * unchanged (11: 0.916, 22: 0.871); 12 MP median 165 → 200 ms (the model ~40 ms; slowest 244 ms). Still lost:
 * small-raised-autumn's four (the pose model is unsure of a small drawn toddler's wrists: 0.10–0.14),
 * outstretched-beach's right hand and cheering-party's right hand (thin fingers, 58% and 65%).
 * The same lean inside the head's disc (from the pose model's nose, eyes and ears) brought back
 * outstretched-beach's pasted face, which the segmentation had lost: 0.897 → 0.921, dolls 0.918,
 * composites and portraits unchanged.
 * The pose model's lower legs, the lowest a whole leg reaches, a second look in the mirror for an
 * unsure arm and the closing of a forearm's gaps (pose.ts, pose-map.ts; their figures there and
 * in docs/benchmarks.md): whole set 0.938 → 0.953, forearms and hands 80 → 84 of 86. The last
 * two, thin fingers a pixel wide at the working size, come back at full size from each hand's own
 * colours (fingers.ts): 86 of 86, the real portraits unchanged.
 *
 * The model sees the photo twice, its letterbox filled by repeating the edge and with grey, and
 * the mask is the mean (letterbox.ts says why): on the benchmark's 11 portraits mean IoU 0.927 →
 * 0.931, better on each of 7 reframings of them and a re-encode (+0.0015 to +0.0064), for ~12 ms
 * more per 12 MP photo. Measured and not kept (Nov 2026, same portraits): a second pass at
 * higher resolution on the head and
 * shoulders, averaged or replacing (0.920–0.928); the minimum of two views (0.924–0.930 as the
 * second is shifted by 3%: noise; with a flip it drops raised arms); the mean of a flipped or of
 * four shifted views (0.926); stretching to the square as MediaPipe does (0.913); black or
 * mirrored padding alone (0.923, 0.913); tighter `sureParts`, or only the sure pixels connected
 * to the face's, opened to cut thin bridges (±0.001, and an opening cuts thin limbs); the guided
 * filter's eps 0.001–0.03, radius 3–4, gain 4 (−0.002 to 0).
 */
import sharp from 'sharp';
import { SubjectNotFoundError } from '../errors';
import type { Cutout, ImageInput } from '../types';
import { fullSizeAlpha } from './alpha';
import { addFingers } from './fingers';
import { foregroundColours } from './foreground';
import type { RgbImage } from './guided-filter';
import { loadPose, poseIn, type Square } from './pose';
import { boxOf, type Mask, type Region, sureParts } from './regions';
import { loadSegmenter, look, MIN_PERSON_SHARE, MODEL_SIDE } from './segment';
import { workingSubject } from './subject';

/** Long side of the cut-out: the child fills at most about half of a 2000 px HD keepsake, and it stays quick. */
export const CUTOUT_MAX_SIDE = 1280;
/**
 * The guided filter's working size (long side), window radius in model pixels and eps. Measured on
 * the benchmark's portraits (luma guide): a 512 or 640 px working size and larger radii gained
 * nothing (under 0.001 of IoU) for up to twice the time; smaller radii lost. With the colour
 * guide, on the cut-out set: eps 0.01, 0.003, 0.001 gave mean IoU 0.700, 0.704, 0.706; 0.003
 * keeps some smoothing for real photos' noise.
 */
const GUIDE_SIDE = 384;
const GUIDE_RADIUS = 6;
const GUIDE_EPS = 0.003;
/**
 * A child smaller than this share of the photo's width and height (the model's first look) is
 * looked at again on a crop around it, ZOOM_MARGIN of its long side added above and to the sides,
 * ZOOM_MARGIN_BELOW under it: at 256 px
 * a child far away is a few dozen pixels tall, its face too small for the detector.
 */
const ZOOM_BELOW = 0.5;
const ZOOM_MARGIN = 0.5;
/** Below it more: the first look may have seen only a far child's head and shoulders. */
const ZOOM_MARGIN_BELOW = 1.5;
/** A model probability (0–255) that hints at an arm on the crop's side. */
const FAINT = 64;
/** On the closer look the face is larger: the detector's quick size finds it. */
const CLOSE_FACE_SIDE = 416;
/** A subject smaller than this share of the photo (or of the crop it was looked at again in) is not a person we can place. */
const MIN_SUBJECT_SHARE = 0.02;
const MARGIN = 0.02;
/** Measured: 1.6 kept cheering-party's right hand but lost outstretched-beach's right forearm (dolls 0.911, not 0.916). */
const POSE_MARGIN = 1.3;

export type RemoveBackgroundTimings = { decode: number; segment: number; compose: number };
/** Where the trimmed cut-out sits in the (oriented, downsized) photo it was cut from. */
export type CutoutFrame = { left: number; top: number; photoWidth: number; photoHeight: number };
type Rect = { left: number; top: number; width: number; height: number };

export async function removeBackgroundOffline(
  image: ImageInput,
): Promise<Cutout & { timings: RemoveBackgroundTimings; frame: CutoutFrame }> {
  // Both models load before the clock starts: a cold Lambda's first cut-out pays for them once.
  await Promise.all([loadSegmenter(), loadPose()]);
  let started = performance.now();
  const input = Buffer.isBuffer(image)
    ? sharp(image).autoOrient()
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  const photo = await input
    .resize(CUTOUT_MAX_SIDE, CUTOUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = photo.info;
  const fullPhoto: RgbImage = { data: photo.data, width, height };
  const decode = performance.now() - started;

  started = performance.now();
  let seen = await look(fullPhoto);
  const first = seen.found;
  if (!first || first.area < MIN_PERSON_SHARE * seen.mask.width * seen.mask.height)
    throw new SubjectNotFoundError();
  // A small child: look again, closer (the crop is in the photo's pixels).
  let view: RgbImage = fullPhoto;
  let at = { left: 0, top: 0 };
  const zoom = zoomFor(first.box, seen.mask, width, height);
  if (zoom) {
    view = await cropOf(fullPhoto, zoom);
    at = zoom;
    seen = await look(view, CLOSE_FACE_SIDE);
  }
  const region = seen.found && sureParts(seen.found);
  if (!region) throw new SubjectNotFoundError();
  const pose = await poseIn(view, poseSquare(region.box, seen.mask, view));
  const { work, subject } = await workingSubject(view, seen.mask, region, seen.face, GUIDE_SIDE, pose);
  // Measured with the limbs taken back (an index loop: for-of here made an iterator result per pixel, 5 MB a photo).
  let solid = 0;
  for (let i = 0; i < subject.length; i++) if (subject[i] >= 128) solid++;
  if (solid < MIN_SUBJECT_SHARE * subject.length) throw new SubjectNotFoundError();
  const segment = performance.now() - started;

  started = performance.now();
  // Trim to the subject (scaled from the working size), with a small margin.
  const scale = work.width / view.width;
  const subjectBox = boxOf(subject, work.width, work.height);
  const margin = Math.round(MARGIN * Math.max(view.width, view.height));
  const left = Math.max(0, Math.floor(subjectBox.left / scale) - margin);
  const top = Math.max(0, Math.floor(subjectBox.top / scale) - margin);
  const right = Math.min(view.width, Math.ceil((subjectBox.right + 1) / scale) + margin);
  const bottom = Math.min(view.height, Math.ceil((subjectBox.bottom + 1) / scale) + margin);
  const crop = { left, top, width: right - left, height: bottom - top };
  const radius = Math.max(1, Math.round((GUIDE_RADIUS * Math.max(work.width, work.height)) / MODEL_SIDE));
  // The photo's crop is encoded by sharp's threads while this one refines the edge.
  const sourceJpeg = sharp(view.data, { raw: { width: view.width, height: view.height, channels: 3 } })
    .extract(crop)
    .jpeg({ quality: 90 })
    .toBuffer();
  // Awaited below; if a step before that throws, its failure must not go unhandled.
  sourceJpeg.catch(() => {});
  const maskCrop = fullSizeAlpha({ photo: view, work, subject, crop, radius, eps: GUIDE_EPS });
  // Fingers are a pixel wide at the working size: taken back at full size.
  addFingers(view, maskCrop, crop, pose.forearms, scale);
  // The soft edge in the child's own colours, not the old background's.
  const colours = foregroundColours(view, maskCrop, crop);
  const [png, source] = await Promise.all([
    // Fast deflate: the PNG is a working file of the editor, kept privately and briefly.
    sharp(colours, { raw: { width: crop.width, height: crop.height, channels: 3 } })
      .joinChannel(maskCrop, { raw: { width: crop.width, height: crop.height, channels: 1 } })
      .png({ compressionLevel: 3 })
      .toBuffer(),
    sourceJpeg,
  ]);
  return {
    png,
    source,
    mask: {
      data: new Uint8Array(maskCrop.buffer, maskCrop.byteOffset, maskCrop.length),
      width: crop.width,
      height: crop.height,
      channels: 1,
    },
    timings: { decode, segment, compose: performance.now() - started },
    frame: { left: at.left + left, top: at.top + top, photoWidth: width, photoHeight: height },
  };
}

/**
 * The crop (photo pixels) to look at a small subject again, or null when the subject (`box`, in
 * the model mask's pixels) already fills enough of the photo.
 */
function zoomFor(
  box: { left: number; top: number; right: number; bottom: number },
  mask: Mask,
  width: number,
  height: number,
): Rect | null {
  const boxWidth = box.right - box.left + 1;
  const boxHeight = box.bottom - box.top + 1;
  if (boxWidth >= ZOOM_BELOW * mask.width || boxHeight >= ZOOM_BELOW * mask.height) return null;
  const scale = width / mask.width;
  const reach = ZOOM_MARGIN * Math.max(boxWidth, boxHeight);
  let left = Math.max(0, Math.floor((box.left - reach) * scale));
  const top = Math.max(0, Math.floor((box.top - reach) * scale));
  let right = Math.min(width, Math.ceil((box.right + 1 + reach) * scale));
  const bottom = Math.min(
    height,
    Math.ceil((box.bottom + 1 + (reach * ZOOM_MARGIN_BELOW) / ZOOM_MARGIN) * scale),
  );
  // Arms the first look saw faintly run out of the sides: as wide as tall (outstretched arms span
  // about the child's height). The long side, and so the model's view of the child, stays.
  const wanted = Math.min(width, bottom - top);
  const runsOut = (column: number) => faintAt(mask, column / scale, top / scale, bottom / scale);
  if (right - left < wanted && (runsOut(left) || runsOut(right - 1))) {
    left = Math.max(0, Math.min(width - wanted, Math.round((left + right - wanted) / 2)));
    right = left + wanted;
  }
  return { left, top, width: right - left, height: bottom - top };
}

/** Whether the model saw anything (faintly) on this column of its mask between the two rows. */
function faintAt(mask: Mask, column: number, from: number, to: number): boolean {
  const x = Math.min(mask.width - 1, Math.max(0, Math.round(column)));
  for (let y = Math.max(0, Math.floor(from)); y < Math.min(mask.height, Math.ceil(to)); y++)
    if (mask.data[y * mask.width + x] >= FAINT) return true;
  return false;
}

async function cropOf(photo: RgbImage, rect: Rect): Promise<RgbImage> {
  const data = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .extract(rect)
    .raw()
    .toBuffer();
  return { data, width: rect.width, height: rect.height };
}

/**
 * The square the pose model looks at (view pixels): around the child's region (which may have lost
 * the arms), POSE_MARGIN times its long side, so outstretched arms are in it and the child fills
 * it as the model expects.
 */
function poseSquare(box: Region['box'], mask: Mask, view: RgbImage): Square {
  const scale = view.width / mask.width;
  const side = POSE_MARGIN * Math.max(box.right - box.left + 1, box.bottom - box.top + 1) * scale;
  const centreX = ((box.left + box.right + 1) / 2) * scale;
  const centreY = ((box.top + box.bottom + 1) / 2) * scale;
  return { left: centreX - side / 2, top: centreY - side / 2, side };
}
