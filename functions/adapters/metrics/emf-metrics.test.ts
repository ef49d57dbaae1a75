import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmfMetrics } from './emf-metrics';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EMF metrics', () => {
  it('writes each count at once as an EMF line CloudWatch turns into a metric of the namespace', () => {
    type EmfLine = Record<string, number | undefined> & {
      _aws: { CloudWatchMetrics: { Namespace: string; Metrics: object[] }[] };
    };
    const lines: EmfLine[] = [];
    const capture = (text: unknown) => {
      for (const line of String(text).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(console, 'log').mockImplementation(capture);
    const metrics = createEmfMetrics('LittleFuturesTest', 'test');
    metrics.count('CreditsSpent', 3);
    metrics.count('UploadsCompleted');
    expect(lines).toHaveLength(2);
    const [first, second] = lines;
    expect(first._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'LittleFuturesTest',
      Metrics: [{ Name: 'CreditsSpent', Unit: 'Count' }],
    });
    expect(first.CreditsSpent).toBe(3);
    expect(second.UploadsCompleted).toBe(1);
    expect(second.CreditsSpent).toBeUndefined();
  });
});
