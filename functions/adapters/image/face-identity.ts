/**
 * The FaceIdentity port offline: face-api's 128-d face descriptor (its ResNet-34 port of dlib's
 * face recogniser) and age estimate of the largest face, for the identity guard and the figures.
 * The recognition net (~6 MB) loads on the first signature only, so the detector path of the
 * render worker does not pay for it.
 */
import type { FaceIdentity, FaceSignature, ImageInput } from '../../core/image-ai';
import {
  type DescribedFaceResult,
  type FaceApi,
  type FaceResult,
  faceApiModelDir,
  loadFaceApi,
  runOnDetectorCopy,
} from './face-detector';

let loadingRecognition: Promise<FaceApi> | undefined;

/** face-api with the recognition net loaded too, once per process. */
export function loadFaceRecognition(): Promise<FaceApi> {
  loadingRecognition ??= (async () => {
    const faceapi = await loadFaceApi();
    await faceapi.nets.faceRecognitionNet.loadFromDisk(faceApiModelDir());
    return faceapi;
  })();
  // A failed load may be retried by the next call.
  loadingRecognition.catch(() => {
    loadingRecognition = undefined;
  });
  return loadingRecognition;
}

const area = (face: FaceResult) => face.detection.box.width * face.detection.box.height;

/** The largest face's signature, or null when the image has no face. */
export async function faceSignature(image: ImageInput): Promise<FaceSignature | null> {
  const faceapi = await loadFaceRecognition();
  const { faces } = await runOnDetectorCopy(faceapi, image, (tensor, options) =>
    faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors().withAgeAndGender(),
  );
  const largest = faces.reduce<DescribedFaceResult | null>(
    (best, face) => (!best || area(face) > area(best) ? face : best),
    null,
  );
  if (!largest) return null;
  return {
    descriptor: Array.from(largest.descriptor),
    estimatedAge: largest.age,
    score: largest.detection.score,
  };
}

export function createFaceIdentity(): FaceIdentity {
  return { signature: faceSignature };
}
