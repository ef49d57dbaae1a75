/**
 * The ImageAI port: the one port for every image capability the use cases
 * may ask for (the render worker's ageing included). Providers: `offline` (models shipped in npm
 * packages, no account) and `replicate` (hosted). Configuration routes each capability to a
 * provider; a capability its provider cannot do throws AiCapabilityUnavailableError.
 */
import type { TargetAge } from '@shared/catalog';
import { IMAGE_CAPABILITY_NAMES } from '@shared/rules/image-capabilities';
import type { FaceBox, FaceLandmarks } from './ports';

export const IMAGE_AI_PROVIDERS = ['offline', 'replicate'] as const;
export type ImageAIProvider = (typeof IMAGE_AI_PROVIDERS)[number];

export const IMAGE_CAPABILITIES = IMAGE_CAPABILITY_NAMES;
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
  /**
   * `prompt-test`: the operators' scene prompt test (/admin/hf-test), which a hosted provider may
   * answer with its own model (the prompt test names FLUX.1 [dev]); default `library` (packs, templates).
   */
  purpose?: 'library' | 'prompt-test';
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

/** A prediction a hosted provider runs in the background; its webhook (or the sweeper) reports the end. */
export type PredictionRef = { provider: ImageAIProvider; id: string; model: string };

export type StartAgeingInput = {
  /** The normalised original (oriented, metadata stripped). */
  image: Buffer;
  targetAge: TargetAge;
  /** The face to age; detected when absent. */
  face?: FaceBox;
  /** Where the provider posts when the prediction ends (POST /api/ai/webhook). */
  webhookUrl: string;
};
/** The provider ages the square head crop (the same framing as offline ageing). */
export type StartAgeingOutput = { prediction: PredictionRef; face: FaceBox; crop: CropRect };

/** What a prediction cost, as far as the provider tells (`predict_time` × the configured price). */
export type PredictionCost = { predictTimeSec: number | null; usd: number | null };

/**
 * Where a prediction stands. A success carries its output already downloaded (size-limited) and
 * decoded: square pixels at its own size (at most the size asked), enough for the identity guard
 * and the preview. `jpeg()` encodes them as a metadata-free JPEG (the private HD file, or its
 * source when smaller than HD: see HdEnlarger), so the caller can make it while the guard looks.
 */
export type PredictionState =
  | { status: 'running'; startedAt?: string }
  | { status: 'succeeded'; image: RawImage; jpeg(): Promise<Buffer>; cost: PredictionCost }
  | { status: 'failed'; reason: string; cost: PredictionCost };

/**
 * The asynchronous side of hosted ageing: the render worker starts a prediction and returns; the
 * webhook or the sweeper checks it and finishes the job. Offline ageing has none (it is inline).
 */
export interface HostedAgeing {
  start(input: StartAgeingInput): Promise<StartAgeingOutput>;
  check(predictionId: string, size: number): Promise<PredictionState>;
  /** Best effort: a prediction already ended stays as it is. */
  cancel(predictionId: string): Promise<void>;
  /** A webhook delivery verified on its raw body: the prediction it is about, or null if forged or stale. */
  verifyWebhook(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<{ predictionId: string } | null>;
}

/** Who answers a capability, for operators: the provider, its model, and what is missing if it cannot. */
export type CapabilityAnswer = {
  provider: ImageAIProvider;
  model: string;
  /** Set when the provider cannot answer (e.g. no API token configured): what an operator must add. */
  missing?: string;
};

/** What a provider factory builds: its capabilities, plus the async ageing side when it is hosted. */
export interface ImageAIProviderInstance extends ImageAICapabilities {
  readonly hostedAgeing?: HostedAgeing;
  describe(capability: ImageCapability): Omit<CapabilityAnswer, 'provider'>;
}

/** The port the use cases hold: the capabilities, each answered by the provider configured for it. */
export interface ImageAI extends ImageAICapabilities {
  readonly routes: ImageAIRoutes;
  /** Present when ageing is routed to a hosted provider: renders then complete through the webhook. */
  readonly hostedAgeing?: HostedAgeing;
  readonly answers: Readonly<Record<ImageCapability, CapabilityAnswer>>;
}

/** A face's 128-d descriptor and estimated age (face-api), for the identity guard. */
export type FaceSignature = { descriptor: number[]; estimatedAge: number; score: number };

/** Identity checks on ageing results: always local (face-api), whichever provider aged. */
export interface FaceIdentity {
  /**
   * The signature of the face nearest `near` (a face found earlier in the same image: the one that
   * was aged, in a group photo), else of the largest face; null when there is no face.
   */
  signature(image: ImageInput, near?: FaceBox): Promise<FaceSignature | null>;
}

/** Enough of the ImageAI port to name the age engine: a Lambda that only names it needs no image adapter. */
export type AgeingRoute = { readonly routes: Pick<ImageAIRoutes, 'ageProgress'> };

/** Enough of the ImageAI port to draw scenes (pack generation): no face model is needed for it. */
export type SceneGenerator = Pick<ImageAICapabilities, 'generateScene'>;

/** Enough of the ImageAI port to say who answers each capability (operators' pages); none is called. */
export type ImageAIAnswers = Pick<ImageAI, 'routes' | 'answers'>;

/** Enough of the ImageAI port to hear a hosted provider's webhook: its signature check, no image work. */
export type WebhookVerifying = { readonly hostedAgeing?: Pick<HostedAgeing, 'verifyWebhook'> };

/** What the results page calls the age engine: the offline approximation or a hosted model. */
export const ageingEngine = (ai: AgeingRoute): 'offline' | 'hosted' =>
  ai.routes.ageProgress === 'offline' ? 'offline' : 'hosted';

/**
 * A hosted model answers ~1 MP and most renders are never bought: the answer is stored as it came,
 * and the first HD download makes the HD file from it.
 */
export interface HdEnlarger {
  /** A `size`×`size` JPEG without metadata, from a smaller square JPEG. */
  enlarge(source: Buffer, size: number): Promise<Buffer>;
}

/**
 * An unlocked age at the preview's size and framing, without the watermark: the owner's growth
 * clip is made of these once every age in it is unlocked (the preview's landmarks fit them).
 */
export interface UnmarkedPreviewMaker {
  /** A JPEG without metadata from an HD file or a hosted render's source. */
  unmarked(hd: Buffer): Promise<Buffer>;
}

/** The landmarks of a finished preview, for the results page's "Watch them grow" clip. */
export interface PreviewLandmarkFinder {
  /** null when no face is found. */
  find(preview: ImageInput): Promise<FaceLandmarks | null>;
}

/** The watermarked preview of a finished render. */
export interface PreviewMaker {
  /**
   * JPEG without metadata; the timings are milliseconds: `watermark` shrinks, marks and encodes,
   * `encode` is what encoding again to fit the size limit added.
   */
  preview(image: ImageInput): Promise<{ jpeg: Buffer; timings: { watermark: number; encode: number } }>;
}
