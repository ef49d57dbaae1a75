import { Logger } from '@aws-lambda-powertools/logger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withCorrelationId } from '../core/correlation';
import { correlatedLogger } from './logging';

afterEach(() => {
  vi.restoreAllMocks();
});

/** What Powertools printed, one JSON object per line. */
function captureLines() {
  const lines: Record<string, unknown>[] = [];
  const capture = (text: unknown) => {
    for (const line of String(text).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  vi.spyOn(console, 'info').mockImplementation(capture);
  vi.spyOn(console, 'warn').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
  return lines;
}

describe('the correlated logger', () => {
  it('puts the correlation id of the work in progress on every line, and none outside it', async () => {
    const lines = captureLines();
    const logger = correlatedLogger(new Logger({ serviceName: 'test' }));
    await withCorrelationId('req-1', async () => logger.info('inside', { uploadId: 'u1' }));
    logger.warn('outside');
    expect(lines).toEqual([
      expect.objectContaining({ message: 'inside', correlation_id: 'req-1', uploadId: 'u1' }),
      expect.not.objectContaining({ correlation_id: expect.anything() }),
    ]);
  });
});
