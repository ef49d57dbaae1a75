/** What one render came to (inline, started on a hosted provider, skipped or failed). */
import type { FaceBox } from '../ports';

/**
 * Milliseconds per stage of one render (detect is 0 when the face was known): `watermark` is the
 * whole preview (shrink, mark, encode), `encode` the HD file's and the preview's re-encodes to fit.
 */
export type RenderTimings = {
  decode: number;
  detect: number;
  age: number;
  watermark: number;
  encode: number;
};

export type RenderOutcome =
  | { outcome: 'done'; face: FaceBox; timings: RenderTimings }
  /** A hosted provider is ageing it; its webhook (or the sweeper) finishes the job. */
  | { outcome: 'started'; face: FaceBox; predictionId: string }
  | { outcome: 'skipped'; reason: 'upload-gone' | 'not-processing' | 'prediction-running' }
  | { outcome: 'failed'; reason: string };
