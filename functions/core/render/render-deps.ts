/** What the render pipeline's use cases touch, from one job to the worker's whole batch. */
import type { Deps } from '../deps';

/** What rendering one age touches: offline it ages and stores; hosted it starts a prediction. */
export type RenderJobDeps = Pick<
  Deps,
  | 'aiWebhookUrl'
  | 'blobs'
  | 'clock'
  | 'imageAI'
  | 'logger'
  | 'mailer'
  | 'metrics'
  | 'paymentStore'
  | 'payments'
  | 'predictions'
  | 'previews'
  | 'previewLandmarks'
  | 'uploads'
>;

/** A prediction's check finishes its job as a render does, and guards the face's identity. */
export type CheckPredictionDeps = RenderJobDeps & Pick<Deps, 'faceIdentity'>;

/** The render worker's deps: renders, prediction checks, sweeps and operators' test runs. */
export type RenderBatchDeps = CheckPredictionDeps & Pick<Deps, 'aiRuns' | 'renderQueue'>;
