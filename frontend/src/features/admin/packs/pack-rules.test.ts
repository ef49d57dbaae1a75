import type { PackGeneration, PackView } from '@shared/schemas/admin-packs';
import { describe, expect, it } from 'vitest';
import { finishedRuns, isGenerating } from './pack-rules';

const run: PackGeneration = { runId: 'r1', startedAt: '2030-01-01T00:00:00.000Z', done: 2, total: 5 };
const pack = (packId: string, over: Partial<PackView> = {}): PackView => ({
  packId,
  name: packId,
  description: '',
  category: 'Fantasy',
  generationFrequency: 'weekly',
  scheduledGeneration: false,
  status: 'draft',
  createdAt: '2030-01-01T00:00:00.000Z',
  templateCount: 0,
  generation: null,
  lastGeneratedAt: null,
  lastError: null,
  ...over,
});

describe('isGenerating', () => {
  it('polls only while some pack has a run in progress', () => {
    expect(isGenerating(undefined)).toBe(false);
    expect(isGenerating({ packs: [pack('a')] })).toBe(false);
    expect(isGenerating({ packs: [pack('a'), pack('b', { generation: run })] })).toBe(true);
  });
});

describe('finishedRuns', () => {
  it('reports a run once, when it is no longer in progress, with the reason when it failed', () => {
    const running = new Map<string, PackGeneration>();
    expect(
      finishedRuns(running, { packs: [pack('a', { generation: run }), pack('b', { generation: run })] }),
    ).toEqual([]);
    const next = {
      packs: [pack('a', { templateCount: 5 }), pack('b', { lastError: 'The generation failed.' })],
    };
    expect(finishedRuns(running, next)).toEqual([
      { packId: 'a', total: 5, error: null },
      { packId: 'b', total: 5, error: 'The generation failed.' },
    ]);
    expect(finishedRuns(running, next)).toEqual([]);
  });

  it('says nothing about packs that were idle when the page opened', () => {
    expect(finishedRuns(new Map(), { packs: [pack('a', { templateCount: 5 })] })).toEqual([]);
  });
});
