import type { AiRunView } from '@shared/schemas/admin-ai';
import { describe, expect, it } from 'vitest';
import { NOT_RUN, promptOutcome, sceneSummary, summaryFileName } from './scene-summary';

const run = (over: Partial<AiRunView>): AiRunView => ({
  runId: 'r1',
  kind: 'scene',
  status: 'queued',
  provider: 'offline',
  model: 'illustrated scene generator (built in)',
  generationTime: null,
  imageUrl: null,
  error: null,
  details: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...over,
});
const queued = { runId: 'r1', startError: null, timedOut: false };

describe('promptOutcome', () => {
  it('is idle before its run is queued and pending while the run lasts', () => {
    expect(promptOutcome(NOT_RUN, undefined, 'late')).toEqual({ state: 'idle' });
    expect(promptOutcome(queued, undefined, 'late')).toEqual({ state: 'pending' });
    expect(promptOutcome(queued, run({ status: 'running' }), 'late')).toEqual({ state: 'pending' });
  });

  it('ends in success or in the run’s error with its details', () => {
    const done = run({ status: 'succeeded', generationTime: 812 });
    expect(promptOutcome(queued, done, 'late')).toEqual({ state: 'success', run: done });
    const failed = run({ status: 'failed', error: 'This needs an AI provider.', details: 'unavailable' });
    expect(promptOutcome(queued, failed, 'late')).toMatchObject({
      state: 'error',
      error: 'This needs an AI provider.',
      details: 'unavailable',
    });
  });

  it('ends in an error when the run could not be queued or never ended', () => {
    expect(promptOutcome({ ...NOT_RUN, startError: 'Forbidden' }, undefined, 'late')).toMatchObject({
      state: 'error',
      error: 'Forbidden',
    });
    expect(promptOutcome({ ...queued, timedOut: true }, run({ status: 'queued' }), 'late')).toMatchObject({
      state: 'error',
      error: 'late',
    });
  });
});

describe('sceneSummary', () => {
  it('has one entry per prompt with success, generation time, error, provider and model', () => {
    const summary = sceneSummary(
      ['a', 'b', 'c'],
      [
        { state: 'success', run: run({ status: 'succeeded', generationTime: 640 }) },
        {
          state: 'error',
          error: 'This needs an AI provider.',
          details: 'unavailable',
          run: run({ status: 'failed', generationTime: 3 }),
        },
        { state: 'idle' },
      ],
    );
    expect(summary).toEqual([
      {
        prompt: 'a',
        success: true,
        generationTime: 640,
        error: null,
        provider: 'offline',
        model: 'illustrated scene generator (built in)',
      },
      {
        prompt: 'b',
        success: false,
        generationTime: 3,
        error: 'This needs an AI provider. (unavailable)',
        provider: 'offline',
        model: 'illustrated scene generator (built in)',
      },
      { prompt: 'c', success: false, generationTime: null, error: 'Not run', provider: null, model: null },
    ]);
  });

  it('names the file by its time, without colons', () => {
    expect(summaryFileName(new Date('2026-11-25T10:36:54.123Z'))).toBe(
      'scene-prompt-test-2026-11-25T10-36-54.json',
    );
  });
});
