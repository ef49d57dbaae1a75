/**
 * The sweeper's second half (the same scheduled tick as the prediction sweep): a render job still
 * "processing" past the limit of shared/rules/stuck-jobs.ts (a worker that died without a word, a
 * message lost between the table and the queue) is re-queued once, then marked failed with a
 * reason. Every write is conditional on the job as read, so a worker finishing at the same moment
 * either wins (the job is done, the sweep changes nothing) or finds the job re-queued.
 */
import { messages } from '@shared/messages';
import { stuckBefore, sweepAction } from '@shared/rules/stuck-jobs';
import type { Deps } from '../deps';
import { onRenderFailedForGood } from '../payments/refunds';

/** Enough for a tick; more stuck jobs than this wait for the next one (oldest first). */
const SWEEP_BATCH = 50;

export type StuckSweepReport = { checked: number; requeued: number; failed: number; errors: number };

export async function sweepStuckJobs(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments' | 'renderQueue' | 'uploads'>,
): Promise<StuckSweepReport> {
  const report: StuckSweepReport = { checked: 0, requeued: 0, failed: 0, errors: 0 };
  const now = deps.clock.now();
  const candidates = await deps.uploads.listStuckJobs(stuckBefore(now), SWEEP_BATCH);
  for (const job of candidates) {
    // The index key can lag the job's clock, and TTL deletion lags expiry: the job itself decides.
    const expired = job.expiresAt !== undefined && job.expiresAt * 1000 <= now.getTime();
    const action = expired ? 'leave' : sweepAction(job, now);
    if (action === 'leave') continue;
    report.checked++;
    const ref = { uploadId: job.uploadId, age: job.age };
    try {
      if (action === 'requeue') {
        if (!(await deps.uploads.restartJob(job, 'sweeper'))) continue;
        // If this send fails the job is processing with a fresh clock: the sweep after the limit fails it.
        await deps.renderQueue.enqueue([ref]);
        report.requeued++;
        deps.logger.warn('stuck render re-queued', { ...ref, requeues: (job.requeues ?? 0) + 1 });
      } else if (await deps.uploads.failStuckJob(job, messages.renderTimedOut)) {
        report.failed++;
        deps.logger.error('stuck render failed', { ...ref, requeues: job.requeues ?? 0 });
        await onRenderFailedForGood(deps, job.uploadId, job.age);
      }
    } catch (error) {
      // One bad job must not stop the sweep; the next tick tries it again.
      report.errors++;
      deps.logger.error('sweeping a stuck render failed', { ...ref, error: String(error) });
    }
  }
  if (report.checked) deps.logger.info('stuck render sweep', { ...report });
  return report;
}
