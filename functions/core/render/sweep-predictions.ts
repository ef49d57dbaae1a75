/**
 * The sweeper (a scheduled tick on the render queue): a prediction whose webhook never came is
 * checked like a webhook would have it checked; one running past the limit is cancelled and its
 * job fails with a reason, so no card waits forever on a model.
 */
import { messages } from '@shared/messages';
import { onRenderFailedForGood } from '../payments/refunds';
import { cancelQuietly, checkPrediction } from './hosted-render';
import type { CheckPredictionDeps } from './render-deps';

/** Webhooks usually arrive within seconds; only predictions quieter than this are polled. */
export const PREDICTION_POLL_AFTER_MS = 2 * 60_000;
/** Longer than any model we configure should take, and well before the card's own 15-minute give-up. */
export const PREDICTION_GIVE_UP_AFTER_MS = 10 * 60_000;
const SWEEP_BATCH = 50;

export type SweepReport = { checked: number; finished: number; timedOut: number; failed: number };

export async function sweepPredictions(deps: CheckPredictionDeps): Promise<SweepReport> {
  const report: SweepReport = { checked: 0, finished: 0, timedOut: 0, failed: 0 };
  const hosted = deps.imageAI.hostedAgeing;
  if (!hosted) return report;
  const now = deps.clock.now().getTime();
  const quiet = await deps.predictions.listRunning(
    new Date(now - PREDICTION_POLL_AFTER_MS).toISOString(),
    SWEEP_BATCH,
  );
  for (const link of quiet) {
    report.checked++;
    try {
      const result = await checkPrediction(deps, link.predictionId);
      if (result.outcome !== 'running') {
        report.finished++;
        continue;
      }
      if (now - Date.parse(link.startedAt) < PREDICTION_GIVE_UP_AFTER_MS) continue;
      await cancelQuietly(deps, hosted, link.predictionId);
      await deps.predictions.end(link.predictionId);
      await deps.uploads.failJob(link.uploadId, link.age, messages.aiProviderTimedOut);
      await onRenderFailedForGood(deps, link.uploadId, link.age);
      report.timedOut++;
    } catch (error) {
      // One bad prediction must not stop the sweep; the next tick tries it again.
      report.failed++;
      deps.logger.error('sweeping a prediction failed', { ...link, error: String(error) });
    }
  }
  if (report.checked) deps.logger.info('prediction sweep', { ...report });
  return report;
}
