/**
 * Face identity offline: face-api's 128-d face descriptor (its ResNet-34 port of dlib's
 * face recogniser) and age estimate of the largest face, for the identity guard and the figures.
 * The recognition net (~6 MB) loads on the first signature only, so the detector path of the
 * render worker does not pay for it.
 */
import { createHash } from 'node:crypto';
import { imagePipeline, imageSize } from './age-pipeline';
import {
  type DescribedFaceResult,
  type FaceApi,
  type FaceDetection,
  loadFaceApiWith,
  runOnDetectorCopy,
  settled,
} from './face-detector';
import { headCrop } from './head-geometry';
import type { FaceBox, FaceSignature, ImageInput } from './types';

/** face-api with the recognition net (and the tiny detector) loaded too. */
export const loadFaceRecognition = () => loadFaceApiWith('faceRecognitionNet', 'tinyFaceDetector');

/**
 * The detectors tried in turn, cheapest first, until one finds the face wanted. A head crop (what
 * the guard compares every hosted result on, and what it looks in on the original) has a large
 * face: the tiny detector at its smallest input, 160, found it on all six of face-api's sample
 * head crops in ~20 ms, with descriptors as near SSD's as at 320 (0.06–0.17); at 416 it scored
 * two under its threshold and SSD took ~500 ms more. 320 and 416 then see smaller faces of whole
 * photos; SSD is the last word on "no face".
 */
const DETECTORS = [{ tinyInput: 160 }, { tinyInput: 320 }, { tinyInput: 416 }, { tinyInput: null }] as const;

/** Squared distance between a detection's centre (in the detector copy) and a face box's (in the image). */
function offCentre({ box }: FaceDetection, near: FaceBox, scale: number) {
  const dx = (box.x + box.width / 2) * scale - (near.x + near.width / 2);
  const dy = (box.y + box.height / 2) * scale - (near.y + near.height / 2);
  return dx * dx + dy * dy;
}

/** Whether a detection's centre lies inside the face box it should be (a cheaper detector may miss it but see another). */
function isNear(detection: FaceDetection, near: FaceBox, scale: number) {
  const half = Math.max(near.width, near.height) / 2;
  return offCentre(detection, near, scale) <= half * half;
}

/** The detection nearest `near`, else the largest. */
function pick(detections: FaceDetection[], near: FaceBox | undefined, scale: number): FaceDetection {
  const area = ({ box }: FaceDetection) => box.width * box.height;
  const better = (a: FaceDetection, b: FaceDetection) =>
    near ? offCentre(a, near, scale) < offCentre(b, near, scale) : area(a) > area(b);
  return detections.reduce((best, detection) => (better(detection, best) ? detection : best));
}

/**
 * One detector's look: null when it sees no face (none near `near`, unless `last`); else the
 * face picked, described. Only that face is described: the recognition net costs ~45 ms a face,
 * and a head crop of a group photo holds several.
 */
async function lookWith(
  faceapi: FaceApi,
  image: ImageInput,
  tinyInput: number | null,
  near: FaceBox | undefined,
  last: boolean,
): Promise<DescribedFaceResult | null> {
  const options = tinyInput
    ? new faceapi.TinyFaceDetectorOptions({ inputSize: tinyInput, scoreThreshold: 0.5 })
    : undefined;
  const { faces } = await runOnDetectorCopy(
    faceapi,
    image,
    async (tensor, opts, scale) => {
      const detections = await settled(faceapi.detectAllFaces(tensor, opts));
      const seen = near && !last ? detections.some((d) => isNear(d, near, scale)) : detections.length > 0;
      if (!seen) return [];
      const chosen = Promise.resolve([{ detection: pick(detections, near, scale) }]);
      // face-api's nets never give the event loop a turn (their awaits are all resolved promises):
      // the hosted check's preview and S3 writes wait for one. One between the nets lets them go on.
      await turnOfTheEventLoop();
      const withAge = await settled(
        new faceapi.DetectAllFaceLandmarksTask(chosen, tensor, false).withAgeAndGender(),
      );
      await turnOfTheEventLoop();
      return new faceapi.ComputeAllFaceDescriptorsTask(Promise.resolve(withAge), tensor);
    },
    undefined,
    options,
  );
  return faces[0] ?? null;
}

const turnOfTheEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/** Which of DETECTORS answered (the figures and a test: the cheap one should, on head crops). */
export type DetectorUsed = 'tiny-160' | 'tiny-320' | 'tiny-416' | 'ssd';

/**
 * The face nearest `near`, else the largest face, described; null when the image has no face.
 * Told where the face is, it looks in the square head crop around it (what was sent to the model),
 * at the image's own resolution: a small face of a whole photo becomes a large one that the cheap
 * detector finds, described from sharper pixels. The whole image is searched if the crop has none.
 */
export async function describedFace(
  image: ImageInput,
  near?: FaceBox,
): Promise<{ face: DescribedFaceResult; detector: DetectorUsed } | null> {
  if (!near) return describedFaceIn(image);
  const { width, height } = await imageSize(image);
  const crop = headCrop(near, width, height);
  const { data, info } = await imagePipeline(image)
    .extract({ left: crop.left, top: crop.top, width: crop.size, height: crop.size })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cropped = {
    data: new Uint8Array(data),
    width: info.width,
    height: info.height,
    channels: 3 as const,
  };
  const inCrop = { ...near, x: near.x - crop.left, y: near.y - crop.top };
  return (await describedFaceIn(cropped, inCrop)) ?? describedFaceIn(image, near);
}

async function describedFaceIn(
  image: ImageInput,
  near?: FaceBox,
): Promise<{ face: DescribedFaceResult; detector: DetectorUsed } | null> {
  const faceapi = await loadFaceRecognition();
  for (const [i, { tinyInput }] of DETECTORS.entries()) {
    const face = await lookWith(faceapi, image, tinyInput, near, i === DETECTORS.length - 1);
    if (face) return { face, detector: tinyInput ? `tiny-${tinyInput}` : 'ssd' };
  }
  return null;
}

export async function faceSignature(image: ImageInput, near?: FaceBox): Promise<FaceSignature | null> {
  const described = await describedFace(image, near);
  if (!described) return null;
  const { face } = described;
  return { descriptor: Array.from(face.descriptor), estimatedAge: face.age, score: face.detection.score };
}

const CACHE_SIZE = 32;

export interface FaceIdentity {
  /**
   * The signature of the face nearest `near` (a face found earlier in the same image), else of the
   * largest face; null when there is no face.
   */
  signature(image: ImageInput, near?: FaceBox): Promise<FaceSignature | null>;
}

/**
 * The identity check, with the last few signatures kept in memory by the image's hash: an upload's three
 * renders are checked against the same original, usually in the same warm container. Nothing is
 * stored anywhere else: a face descriptor is biometric data.
 */
export function createFaceIdentity(): FaceIdentity {
  const cache = new Map<string, Promise<FaceSignature | null>>();
  return {
    signature(image, near) {
      if (!Buffer.isBuffer(image)) return faceSignature(image, near);
      const hash = createHash('sha1').update(image).digest('base64');
      const key = near ? `${hash}@${near.x},${near.y},${near.width}` : hash;
      let found = cache.get(key);
      if (found) {
        cache.delete(key);
      } else {
        found = faceSignature(image, near);
        found.catch(() => cache.delete(key));
      }
      cache.set(key, found);
      while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return found;
    },
  };
}
