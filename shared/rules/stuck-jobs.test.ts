import { describe, expect, it } from 'vitest';
import {
  effectiveStatus,
  isStuck,
  MAX_RETRIES,
  RENDER_STUCK_AFTER_MS,
  retryAction,
  stuckBefore,
  sweepAction,
} from './stuck-jobs';

const now = new Date('2026-11-25T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const processing = (agoMs: number, more = {}) => ({
  status: 'processing' as const,
  updatedAt: ago(agoMs),
  ...more,
});

describe('stuck renders', () => {
  it('counts a job processing for the limit or longer as stuck, and only a processing one', () => {
    expect(isStuck(processing(RENDER_STUCK_AFTER_MS - 1), now)).toBe(false);
    expect(isStuck(processing(RENDER_STUCK_AFTER_MS), now)).toBe(true);
    expect(isStuck({ status: 'done', updatedAt: ago(RENDER_STUCK_AFTER_MS * 10) }, now)).toBe(false);
  });

  it('shows a stuck job as failed and leaves the others as they are', () => {
    expect(effectiveStatus(processing(RENDER_STUCK_AFTER_MS + 1), now)).toBe('failed');
    expect(effectiveStatus(processing(1000), now)).toBe('processing');
    expect(effectiveStatus({ status: 'done', updatedAt: ago(RENDER_STUCK_AFTER_MS * 2) }, now)).toBe('done');
  });

  it('asks the index for exactly the jobs the rule counts as stuck', () => {
    const limit = ago(RENDER_STUCK_AFTER_MS);
    const indexKey = (updatedAt: string) => `${updatedAt}#upload#010`;
    expect(indexKey(limit) < stuckBefore(now)).toBe(true);
    expect(isStuck({ status: 'processing', updatedAt: limit }, now)).toBe(true);
    expect(indexKey(ago(RENDER_STUCK_AFTER_MS - 1)) < stuckBefore(now)).toBe(false);
  });

  it('sweeps: leaves a fresh job, re-queues a stuck one once, then fails it', () => {
    expect(sweepAction(processing(60_000), now)).toBe('leave');
    expect(sweepAction(processing(RENDER_STUCK_AFTER_MS), now)).toBe('requeue');
    expect(sweepAction(processing(RENDER_STUCK_AFTER_MS, { requeues: 1 }), now)).toBe('fail');
    expect(sweepAction({ status: 'failed', updatedAt: ago(RENDER_STUCK_AFTER_MS * 2) }, now)).toBe('leave');
  });

  it('retries a failed or stuck job up to the limit, and does nothing for a running or done one', () => {
    const failed = { status: 'failed' as const, updatedAt: ago(1000) };
    expect(retryAction(failed, now)).toBe('requeue');
    expect(retryAction(processing(RENDER_STUCK_AFTER_MS), now)).toBe('requeue');
    expect(retryAction(processing(1000), now)).toBe('nothing');
    expect(retryAction({ status: 'done', updatedAt: ago(1000) }, now)).toBe('nothing');
    expect(retryAction({ ...failed, retries: MAX_RETRIES - 1 }, now)).toBe('requeue');
    expect(retryAction({ ...failed, retries: MAX_RETRIES }, now)).toBe('limit');
  });
});
