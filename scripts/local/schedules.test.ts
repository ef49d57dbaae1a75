import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeLogger } from '../../functions/test-support/fakes/logger';
import { createFakePackQueue } from '../../functions/test-support/fakes/pack-queue';
import { createFakeRenderQueue } from '../../functions/test-support/fakes/render-queue';
import { startPackScheduler, startRenderSweeper } from './schedules';

afterEach(() => vi.useRealTimers());

describe('the local schedules', () => {
  it('puts the scheduler tick on the pack queue at once and then every interval, until stopped', async () => {
    vi.useFakeTimers();
    const packQueue = createFakePackQueue();
    const scheduler = startPackScheduler({ packQueue, logger: createFakeLogger() }, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(packQueue.sent).toEqual([{ kind: 'scheduled' }]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(packQueue.sent).toHaveLength(3);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(packQueue.sent).toHaveLength(3);
  });

  it('logs a tick the queue refused and keeps ticking', async () => {
    vi.useFakeTimers();
    const packQueue = createFakePackQueue();
    packQueue.failWith = new Error('fauxqs is down');
    const logger = createFakeLogger();
    const scheduler = startPackScheduler({ packQueue, logger }, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    packQueue.failWith = null;
    await vi.advanceTimersByTimeAsync(1000);
    scheduler.stop();
    expect(packQueue.sent).toEqual([{ kind: 'scheduled' }]);
    expect(logger.messages('warn')).toEqual(['pack schedule tick failed', 'pack schedule tick failed']);
  });

  it("puts the render sweeper's tick on the render queue, as its schedule does in AWS", async () => {
    vi.useFakeTimers();
    const renderQueue = createFakeRenderQueue();
    const sweeper = startRenderSweeper({ renderQueue, logger: createFakeLogger() }, 30_000);
    await vi.advanceTimersByTimeAsync(60_000);
    sweeper.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renderQueue.tasks).toEqual([{ kind: 'sweep' }, { kind: 'sweep' }, { kind: 'sweep' }]);
  });
});
