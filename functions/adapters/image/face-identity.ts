/**
 * The FaceIdentity port offline: face-api's 128-d face descriptor (its ResNet-34 port of dlib's
 * face recogniser) and age estimate of the largest face, for the identity guard and the figures.
 * The recognition net (~6 MB) loads on the first signature only, so the detector path of the
 * render worker does not pay for it.
 */
import { createHash } from 'node:crypto';
import type { FaceIdentity, FaceSignature, ImageInput } from '../../core/image-ai';
import type { FaceBox } from '../../core/ports';
import {
  type DescribedFaceResult,
  type FaceApi,
  type FaceResult,
  faceApiModelDir,
  loadFaceApi,
  runOnDetectorCopy,
} from './face-detector';

let loadingRecognition: Promise<FaceApi> | undefined;

/** face-api with the recognition net (and the tiny detector) loaded too, once per process. */
export function loadFaceRecognition(): Promise<FaceApi> {
  loadingRecognition ??= (async () => {
    const faceapi = await loadFaceApi();
    await Promise.all([
      faceapi.nets.faceRecognitionNet.loadFromDisk(faceApiModelDir()),
      faceapi.nets.tinyFaceDetector.loadFromDisk(faceApiModelDir()),
    ]);
    return faceapi;
  })();
  // A failed load may be retried by the next call.
  loadingRecognition.catch(() => {
    loadingRecognition = undefined;
  });
  return loadingRecognition;
}

const area = (face: FaceResult) => face.detection.box.width * face.detection.box.height;
/** The tiny detector's input side: ample for the head crops and portraits the guard compares. */
const TINY_INPUT = 416;

async function describedFaces(faceapi: FaceApi, image: ImageInput, detector: 'tiny' | 'ssd') {
  const options =
    detector === 'tiny'
      ? new faceapi.TinyFaceDetectorOptions({ inputSize: TINY_INPUT, scoreThreshold: 0.5 })
      : undefined;
  return runOnDetectorCopy(
    faceapi,
    image,
    (tensor, opts) =>
      faceapi.detectAllFaces(tensor, opts).withFaceLandmarks().withFaceDescriptors().withAgeAndGender(),
    undefined,
    options,
  );
}

/** Squared distance between a detection's centre (in the detector copy) and a face box's (in the image). */
function offCentre(face: FaceResult, near: FaceBox, scale: number) {
  const { x, y, width, height } = face.detection.box;
  const dx = (x + width / 2) * scale - (near.x + near.width / 2);
  const dy = (y + height / 2) * scale - (near.y + near.height / 2);
  return dx * dx + dy * dy;
}

/**
 * The signature of the face nearest `near`, else of the largest face; null when the image has no
 * face. The tiny detector answers first (about a quarter of SSD's time, which matters on every
 * hosted render); when it sees no face, SSD looks again before "no face" is said.
 */
export async function faceSignature(image: ImageInput, near?: FaceBox): Promise<FaceSignature | null> {
  const faceapi = await loadFaceRecognition();
  let found = await describedFaces(faceapi, image, 'tiny');
  if (!found.faces.length) found = await describedFaces(faceapi, image, 'ssd');
  const better = (a: DescribedFaceResult, b: DescribedFaceResult) =>
    near ? offCentre(a, near, found.scale) < offCentre(b, near, found.scale) : area(a) > area(b);
  const chosen = found.faces.reduce<DescribedFaceResult | null>(
    (best, face) => (!best || better(face, best) ? face : best),
    null,
  );
  if (!chosen) return null;
  return {
    descriptor: Array.from(chosen.descriptor),
    estimatedAge: chosen.age,
    score: chosen.detection.score,
  };
}

const CACHE_SIZE = 32;

/**
 * The port, with the last few signatures kept in memory by the image's hash: an upload's three
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
