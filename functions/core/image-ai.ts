/**
 * The ImageAI port (ARCHITECTURE.md §5): the image capabilities the use cases may ask for.
 * Providers: `offline` (models shipped in npm packages, no account) and `replicate` (hosted).
 * A capability a provider cannot do throws DomainError('unavailable', 'aiProviderRequired').
 */
import type { TargetAge } from '@shared/catalog';
import type { FaceBox } from './ports';

export type ImageAIProvider = 'offline' | 'replicate';

/** Decoded pixels, row-major, interleaved channels, 8 bits per channel. */
export type RawImage = {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
};

/** An encoded image (JPEG, PNG or WEBP bytes) or decoded pixels. */
export type ImageInput = Buffer | RawImage;

/** A square region of the source image, in its pixels. */
export type CropRect = { left: number; top: number; size: number };

export type DetectFacesInput = { image: ImageInput };
/** Faces found, largest first; empty when there is none. */
export type DetectFacesOutput = { faces: FaceBox[] };

export type AgeProgressInput = {
  /** The normalised original (oriented, metadata stripped). */
  image: ImageInput;
  targetAge: TargetAge;
  /** The face to age; detected when absent. */
  face?: FaceBox;
  /** Side of the square output in pixels (default 2000, the HD size). */
  size?: number;
};
export type AgeProgressOutput = {
  /** Square JPEG around the head, unwatermarked, metadata stripped. */
  image: Buffer;
  face: FaceBox;
  /** Where the square was taken from in the input. */
  crop: CropRect;
};

export type RemoveBackgroundInput = { image: ImageInput };
/** PNG with the subject opaque and the background transparent, plus the alpha mask. */
export type RemoveBackgroundOutput = { png: Buffer; mask: RawImage };

export type FaceSwapInput = {
  /** The face to put in (the child). */
  source: ImageInput;
  /** The picture whose face is replaced (a template). */
  target: ImageInput;
  sourceFace?: FaceBox;
};
export type FaceSwapOutput = { image: Buffer };

export type GenerateSceneInput = {
  prompt: string;
  width: number;
  height: number;
  seed?: number;
};
export type GenerateSceneOutput = { image: Buffer };

export interface ImageAI {
  readonly provider: ImageAIProvider;
  /** Throws NoFaceError (from ageProgress only) when there is no face; detectFaces returns []. */
  detectFaces(input: DetectFacesInput): Promise<DetectFacesOutput>;
  ageProgress(input: AgeProgressInput): Promise<AgeProgressOutput>;
  removeBackground(input: RemoveBackgroundInput): Promise<RemoveBackgroundOutput>;
  faceSwap(input: FaceSwapInput): Promise<FaceSwapOutput>;
  generateScene(input: GenerateSceneInput): Promise<GenerateSceneOutput>;
}
