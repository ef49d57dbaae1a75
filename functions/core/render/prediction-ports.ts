/**
 * Hosted ageing's bookkeeping: which job a provider's prediction belongs to, and which
 * predictions are still running (what the sweeper polls when a webhook never comes).
 */
import type { TargetAge } from '@shared/catalog';
import type { ImageAIProvider } from '../image-ai';

/** One prediction of one render job; a job has at most two (the identity guard retries once). */
export type PredictionLink = {
  predictionId: string;
  uploadId: string;
  age: TargetAge;
  attempt: 1 | 2;
  provider: ImageAIProvider;
  model: string;
  startedAt: string;
};

/** What the job shows operators about its hosted render. */
export type HostedCheck = {
  /** Face descriptor distance between the original and the result; null: the result had no face. */
  identityDistance: number | null;
  /** face-api's age estimate of the result; null without a face. */
  estimatedAge: number | null;
  /** What the predictions cost so far, when the provider says. */
  costUsd: number | null;
};

export interface PredictionStore {
  /**
   * Records the prediction on its job (only while the job is processing and has no prediction of
   * this attempt or later) together with its link; false when the job moved on (nothing written).
   */
  start(link: PredictionLink): Promise<boolean>;
  find(predictionId: string): Promise<PredictionLink | null>;
  /** Running predictions that started before `before` (ISO time), oldest first, at most `limit`. */
  listRunning(before: string, limit: number): Promise<PredictionLink[]>;
  /** No longer running (idempotent; a missing link is fine). */
  end(predictionId: string): Promise<void>;
  /** Stores the guard's numbers and the cost on the job; false when the job is not processing. */
  recordCheck(uploadId: string, age: TargetAge, check: HostedCheck): Promise<boolean>;
}
