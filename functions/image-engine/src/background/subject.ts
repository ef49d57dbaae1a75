/**
 * The child's mask at the guided filter's working size: the model's region around the face, with
 * the limbs the model was unsure of taken back by the photo's colours (colour-refine.ts). The
 * reach of a limb and what bare skin looks like come from the face when one is found, else from
 * the region's own size and its top (where the head is).
 */
import sharp from 'sharp';
import { refineByColour, type SkinBox } from './colour-refine';
import type { RgbImage } from './guided-filter';
import { NO_POSE, type Point, type Pose } from './pose';
import type { Mask, Region } from './regions';

/**
 * How far from the kept region a forearm and hand may reach: a child's arm from shoulder to
 * fingertips is about three face heights (face-api's box, brow to chin); with no face, a share of
 * the region's long side.
 */
const ARM_REACH_IN_FACES = 3;
const ARM_REACH_IN_SUBJECTS = 0.35;

/** A face's box, in the model mask's pixels. */
export type FaceBox = { x: number; y: number; width: number; height: number };

export type WorkingSubject = { work: RgbImage; subject: Uint8Array };

/**
 * `probability` is the model's mask over the photo (model resolution), `region` the child's part
 * of it; `workSide` the working size's long side.
 */
export async function workingSubject(
  photo: RgbImage,
  probability: Mask,
  region: Region,
  face: FaceBox | undefined,
  workSide: number,
  pose: Pose = NO_POSE,
): Promise<WorkingSubject> {
  const ratio = Math.min(1, workSide / Math.max(photo.width, photo.height));
  const size = { width: Math.round(photo.width * ratio), height: Math.round(photo.height * ratio) };
  const toWork = (mask: Uint8Array) =>
    sharp(mask, { raw: { width: probability.width, height: probability.height, channels: 1 } })
      .resize(size.width, size.height, { kernel: 'linear' })
      .extractChannel(0) // sharp would hand back a greyscale image as three channels
      .raw()
      .toBuffer();
  const [guide, workProbability, workRegion] = await Promise.all([
    sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .resize(size.width, size.height)
      .raw()
      .toBuffer(),
    toWork(probability.data),
    toWork(region.mask.data),
  ]);
  const scale = size.width / probability.width;
  const { box } = region;
  const reach = face
    ? ARM_REACH_IN_FACES * face.height
    : ARM_REACH_IN_SUBJECTS * Math.max(box.right - box.left, box.bottom - box.top);
  const work = { data: guide, ...size };
  const subject = refineByColour({
    photo: work,
    probability: workProbability,
    region: workRegion,
    reach: Math.round(reach * scale),
    skin: scaledSkin(face ? skinOfFace(face) : skinAtTop(region), scale),
    pose: scaledPose(pose, ratio),
  });
  return { work, subject };
}

/** The middle of the face: cheeks, nose and mouth. */
const skinOfFace = (face: FaceBox): SkinBox => ({
  left: face.x + face.width * 0.25,
  right: face.x + face.width * 0.75,
  top: face.y + face.height * 0.35,
  bottom: face.y + face.height * 0.8,
});

/** With no face found, where it most likely is: the middle of the region's top. */
function skinAtTop({ box }: Region): SkinBox {
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  const centre = box.left + width / 2;
  return {
    left: centre - width * 0.1,
    right: centre + width * 0.1,
    top: box.top + height * 0.03,
    bottom: box.top + height * 0.1,
  };
}

const scaledSkin = (skin: SkinBox, scale: number): SkinBox => ({
  left: Math.round(skin.left * scale),
  right: Math.round(skin.right * scale),
  top: Math.round(skin.top * scale),
  bottom: Math.round(skin.bottom * scale),
});

const scaled = ({ x, y }: Point, ratio: number): Point => ({ x: x * ratio, y: y * ratio });
const scaledPose = ({ forearms, shins, head, lowest }: Pose, ratio: number): Pose => ({
  forearms: forearms.map(({ elbow, wrist }) => ({
    elbow: scaled(elbow, ratio),
    wrist: scaled(wrist, ratio),
  })),
  shins: shins.map(({ knee, ankle }) => ({ knee: scaled(knee, ratio), ankle: scaled(ankle, ratio) })),
  head: head && { centre: scaled(head.centre, ratio), radius: head.radius * ratio },
  lowest: lowest === undefined ? undefined : lowest * ratio,
});
