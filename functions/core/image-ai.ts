/**
 * The ImageAI port (ARCHITECTURE.md §5): the one port for every image capability the use cases
 * may ask for (the render worker's ageing included). Providers: `offline` (models shipped in npm
 * packages, no account) and `replicate` (hosted). Configuration routes each capability to a
 * provider; a capability its provider cannot do throws AiCapabilityUnavailableError.
 */
import type { TargetAge } from '@shared/catalog';
import type { FaceBox } from './ports';

export const IMAGE_AI_PROVIDERS = ['offline', 'replicate'] as const;
export type ImageAIProvider = (typeof IMAGE_AI_PROVIDERS)[number];

export const IMAGE_CAPABILITIES = [
  'detectFaces',
  'ageProgress',
  'removeBackground',
  'faceSwap',
  'generateScene',
] as const;
export type ImageCapability = (typeof IMAGE_CAPABILITIES)[number];

/** Which provider answers each capability. */
export type ImageAIRoutes = Readonly<Record<ImageCapability, ImageAIProvider>>;

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
  /** Milliseconds per stage, as far as the provider can tell (detect is 0 when the face was given). */
  timings: AgeProgressTimings;
};
export type AgeProgressTimings = { decode: number; detect: number; age: number; encode: number };

export type RemoveBackgroundInput = { image: ImageInput };
/**
 * PNG with the subject opaque and the background transparent, trimmed to the subject, plus the
 * alpha mask and `source`: a JPEG of the photo behind the cut-out at the same size and framing
 * (what an editor's restore brush paints back).
 */
export type RemoveBackgroundOutput = { png: Buffer; mask: RawImage; source: Buffer };

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

/** The capabilities; any of them may throw AiCapabilityUnavailableError. */
export interface ImageAICapabilities {
  /** Throws NoFaceError (from ageProgress only) when there is no face; detectFaces returns []. */
  detectFaces(input: DetectFacesInput): Promise<DetectFacesOutput>;
  ageProgress(input: AgeProgressInput): Promise<AgeProgressOutput>;
  removeBackground(input: RemoveBackgroundInput): Promise<RemoveBackgroundOutput>;
  faceSwap(input: FaceSwapInput): Promise<FaceSwapOutput>;
  generateScene(input: GenerateSceneInput): Promise<GenerateSceneOutput>;
}

/** The port the use cases hold: the capabilities, each answered by the provider configured for it. */
export interface ImageAI extends ImageAICapabilities {
  readonly routes: ImageAIRoutes;
}

/** What the results page calls the age engine: the offline approximation or a hosted model. */
export const ageingEngine = (ai: { routes: Pick<ImageAIRoutes, 'ageProgress'> }): 'offline' | 'hosted' =>
  ai.routes.ageProgress === 'offline' ? 'offline' : 'hosted';
