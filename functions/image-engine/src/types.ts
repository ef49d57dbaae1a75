/**
 * The engine's own vocabulary: plain data shapes of images, faces and keepsakes. They match the
 * ports of functions/core field for field (the adapters hand them across unchanged), but the engine
 * never imports core: it knows nothing of use cases, stores or messages.
 */
import type { TEMPLATE_SQUARES } from '@shared/deployment';
import type { ComposerTransform } from '@shared/rules/composer-transform';
import type { BrushStroke } from '@shared/rules/keepsake-drawing';
import type { MomentsBlend, Placement } from '@shared/rules/placement';
import type { MomentTheme, Orientation, SafeArea, TemplateCategory } from '@shared/templates';

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

/** A face found in a picture. */
export type FaceBox = {
  /** In the picture's pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Direction from chin to crown in radians (0 = straight up), from the landmarks. */
  roll: number;
  /** Age the face model estimates, in years. */
  estimatedAge: number;
  score: number;
};

/** A face's 128-d descriptor and estimated age (face-api), for identity checks. */
export type FaceSignature = { descriptor: number[]; estimatedAge: number; score: number };

/** A keepsake layer: bytes loaded on demand, cached under `cacheKey`. */
export type LayerSource = { cacheKey: string; load(): Promise<Buffer> };

/** A square Moments keepsake: a template, the cut-out placed on it, restore strokes. */
export type KeepsakeDrawing = {
  background: LayerSource;
  cutout: LayerSource;
  /** The photo behind the cut-out, for restore strokes. */
  source?: LayerSource;
  placement: Placement;
  strokes: readonly BrushStroke[];
  blend: MomentsBlend;
  /**
   * The template's size and ground line (a fraction of its height), if known: a template taller
   * than the square is shown around its ground line (coverCrop), as its square copies are cut.
   */
  template?: { width: number; height: number; groundY?: number };
  /** Side of the square output in pixels. */
  size: number;
  watermark: boolean;
};

/** A composer keepsake: the template at its native size with the subject placed by the composer's transform. */
export type ComposerDrawing = {
  background: LayerSource;
  cutout: LayerSource;
  transform: ComposerTransform;
  safeArea: SafeArea;
  groundY?: number;
  /** The output, in pixels: the template's native size. */
  width: number;
  height: number;
};

/** Milliseconds per stage: fetching the layers (storage), decoding, drawing, encoding. */
export type KeepsakeTimings = { load: number; decode: number; draw: number; encode: number };

/** A template's square copies (TEMPLATE_SQUARES), JPEG. */
export type TemplateSquares = Record<keyof typeof TEMPLATE_SQUARES, Buffer>;

/** A template's files: the clean native image, its watermarked copy, the thumbnail and the squares. */
export type TemplateImages = {
  native: Buffer;
  watermarked: Buffer;
  thumb: Buffer;
  squares: TemplateSquares;
  width: number;
  height: number;
};

/** A template of the built-in library of illustrated scenes. */
export type LibraryScene = {
  /** Stable and unique: the template's id is derived from it. */
  slug: string;
  sceneName: string;
  theme: MomentTheme;
  category: TemplateCategory;
  orientation: Orientation;
  safeArea: SafeArea;
  /** Changes whenever the scene's drawing changes, so the seeder redraws it. */
  version: string;
};

/**
 * A cut-out: PNG with the subject opaque and the background transparent, trimmed to the subject,
 * plus the alpha mask and `source`, a JPEG of the photo behind the cut-out at the same size and
 * framing (what an editor's restore brush paints back).
 */
export type Cutout = { png: Buffer; mask: RawImage; source: Buffer };

export type FaceSwapInput = {
  /** The face to put in (the child). */
  source: ImageInput;
  /** The picture whose face is replaced (a template). */
  target: ImageInput;
  sourceFace?: FaceBox;
};

export type GenerateSceneInput = { prompt: string; width: number; height: number; seed?: number };
