/**
 * When a render counts as stuck, and what is done about it: one rule for the status view (a stuck
 * card shows as failed), the render sweeper (re-queue once, then fail), checkout (no HD for a
 * preview that never finished) and the "Try again" route.
 */
import type { JobStatus } from '../schemas/uploads';

/**
 * A render "processing" this long without news (a crashed or timed-out worker, a lost message) is
 * stuck. Well past a render's own retries: the worker times out after a minute and SQS redelivers
 * three times, and a hosted prediction is given up after ten minutes.
 */
export const RENDER_STUCK_AFTER_MS = 15 * 60_000;
/** The sweeper puts a stuck job back on the queue this many times before it marks it failed. */
export const MAX_STUCK_REQUEUES = 1;
/** "Try again" on a failed card works this many times per age: each try may cost a hosted render. */
export const MAX_RETRIES = 3;

export type JobClock = {
  status: JobStatus;
  /** The last sign of life: created, (re)queued, prediction started. */
  updatedAt: string;
  /** Times the sweeper re-queued it since it last started. */
  requeues?: number;
  /** Times the parent pressed "Try again". */
  retries?: number;
};

/**
 * The sweeper asks its index for jobs last touched before this time: exactly the stuck ones (a job
 * touched at now − limit is stuck, and index keys start with the time, so the bound is 1 ms later).
 */
export function stuckBefore(now: Date): string {
  return new Date(now.getTime() - RENDER_STUCK_AFTER_MS + 1).toISOString();
}

export function isStuck(job: JobClock, now: Date): boolean {
  return job.status === 'processing' && now.getTime() - Date.parse(job.updatedAt) >= RENDER_STUCK_AFTER_MS;
}

/** What a parent (and checkout) should take the job to be: a stuck render has failed. */
export function effectiveStatus(job: JobClock, now: Date): JobStatus {
  return isStuck(job, now) ? 'failed' : job.status;
}

/** The sweeper's decision for one job. */
export function sweepAction(job: JobClock, now: Date): 'leave' | 'requeue' | 'fail' {
  if (!isStuck(job, now)) return 'leave';
  return (job.requeues ?? 0) < MAX_STUCK_REQUEUES ? 'requeue' : 'fail';
}

/**
 * What "Try again" does: re-queue a failed (or stuck) job; a job already back in the queue or
 * done needs nothing (a double click), and after MAX_RETRIES the photo is the problem.
 */
export function retryAction(job: JobClock, now: Date): 'requeue' | 'nothing' | 'limit' {
  if (effectiveStatus(job, now) !== 'failed') return 'nothing';
  return (job.retries ?? 0) < MAX_RETRIES ? 'requeue' : 'limit';
}
