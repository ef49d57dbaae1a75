/**
 * The face a swap uses in each picture, with its 68 landmarks. Faces are looked for below the
 * usual detection threshold so that a face the detector is unsure of is refused as unclear
 * (the 50 % minimum) instead of being reported as no face at all.
 */
import { SwapFaceRefusedError, type SwapPicture } from '../errors';
import { type FaceResult, loadFaceApi, MIN_CONFIDENCE, runOnDetectorCopy } from '../face-detector';
import type { Vec } from '../head-geometry';
import type { FaceBox, RawImage } from '../types';

/** A face the swap may use: its detection score and 68 landmarks in the picture's own pixels. */
export type LandmarkedFace = { score: number; landmarks: Vec[] };

/** Finds faces with landmarks at any score down to CANDIDATE_CONFIDENCE (swappable in tests). */
export type LandmarkFinder = (image: RawImage) => Promise<LandmarkedFace[]>;

/** The minimum detection confidence for a face swap (docs/product.md#ai-test-pages). */
export const SWAP_MIN_CONFIDENCE = MIN_CONFIDENCE;
/** Lower scores are not faces at all (SSD MobileNet scores clutter up to about 0.2). */
const CANDIDATE_CONFIDENCE = 0.3;

export const findLandmarkedFaces: LandmarkFinder = async (image) => {
  const faceapi = await loadFaceApi();
  const { faces, scale } = await runOnDetectorCopy<FaceResult>(
    faceapi,
    image,
    (tensor, options) => faceapi.detectAllFaces(tensor, options).withFaceLandmarks(),
    CANDIDATE_CONFIDENCE,
  );
  return faces.map((face) => ({
    score: face.detection.score,
    landmarks: face.landmarks.positions.map((p) => ({ x: p.x * scale, y: p.y * scale })),
  }));
};

const spread = (face: LandmarkedFace) => {
  const xs = face.landmarks.map((p) => p.x);
  const ys = face.landmarks.map((p) => p.y);
  return (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
};

const centre = (points: readonly Vec[]): Vec => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/**
 * The face to use: the one nearest `near` when given, else the largest confident face; refused when
 * there is none, or when every candidate is under the minimum confidence.
 */
export function chooseFace(
  faces: readonly LandmarkedFace[],
  image: SwapPicture,
  near?: FaceBox,
): LandmarkedFace {
  if (faces.length === 0) throw new SwapFaceRefusedError(image, 'no_face');
  const confident = faces.filter((face) => face.score >= SWAP_MIN_CONFIDENCE);
  if (confident.length === 0) {
    throw new SwapFaceRefusedError(image, 'unclear_face', Math.max(...faces.map((face) => face.score)));
  }
  if (near) {
    const target = { x: near.x + near.width / 2, y: near.y + near.height / 2 };
    const distance = (face: LandmarkedFace) => {
      const c = centre(face.landmarks);
      return Math.hypot(c.x - target.x, c.y - target.y);
    };
    return confident.reduce((best, face) => (distance(face) < distance(best) ? face : best));
  }
  return confident.reduce((best, face) => (spread(face) > spread(best) ? face : best));
}
