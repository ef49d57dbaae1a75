import { describe, expect, it } from 'vitest';
import { isPackDue, nextGenerationAt, type SchedulablePack } from './pack-schedule';

const at = (iso: string) => new Date(iso);
const pack = (over: Partial<SchedulablePack> = {}): SchedulablePack => ({
  scheduledGeneration: true,
  generationFrequency: 'daily',
  ...over,
});
const running = { runId: 'r', startedAt: '2030-01-01T00:00:00.000Z', done: 0, total: 5 };

describe('nextGenerationAt', () => {
  it('adds a day, a week, or a calendar month', () => {
    const last = at('2030-01-10T09:30:00.000Z');
    expect(nextGenerationAt('daily', last).toISOString()).toBe('2030-01-11T09:30:00.000Z');
    expect(nextGenerationAt('weekly', last).toISOString()).toBe('2030-01-17T09:30:00.000Z');
    expect(nextGenerationAt('monthly', last).toISOString()).toBe('2030-02-10T09:30:00.000Z');
  });

  it('clamps a month to its last day (31 January → 28 February)', () => {
    expect(nextGenerationAt('monthly', at('2030-01-31T08:00:00.000Z')).toISOString()).toBe(
      '2030-02-28T08:00:00.000Z',
    );
    expect(nextGenerationAt('monthly', at('2030-12-31T08:00:00.000Z')).toISOString()).toBe(
      '2031-01-31T08:00:00.000Z',
    );
  });
});

describe('isPackDue', () => {
  const now = at('2030-01-15T10:00:00.000Z');

  it('is never due without scheduled generation', () => {
    expect(isPackDue(pack({ scheduledGeneration: false }), now)).toBe(false);
  });

  it('is due at once when it never ran', () => {
    expect(isPackDue(pack(), now)).toBe(true);
  });

  it('is not due while a run is in progress', () => {
    expect(isPackDue(pack({ generation: running }), now)).toBe(false);
  });

  it('is due once its period has passed since the last run started', () => {
    const daily = pack({ lastGeneratedAt: '2030-01-14T10:00:00.000Z' });
    expect(isPackDue(daily, at('2030-01-15T09:59:59.999Z'))).toBe(false);
    expect(isPackDue(daily, now)).toBe(true);
    const weekly = pack({ generationFrequency: 'weekly', lastGeneratedAt: '2030-01-10T10:00:00.000Z' });
    expect(isPackDue(weekly, now)).toBe(false);
    expect(isPackDue(weekly, at('2030-01-17T10:00:00.000Z'))).toBe(true);
    const monthly = pack({ generationFrequency: 'monthly', lastGeneratedAt: '2029-12-15T10:00:00.000Z' });
    expect(isPackDue(monthly, now)).toBe(true);
    expect(isPackDue(monthly, at('2030-01-15T09:00:00.000Z'))).toBe(false);
  });

  it('starts a run due just after a tick at that tick, so daily runs do not drift', () => {
    const daily = pack({ lastGeneratedAt: '2030-01-14T10:05:00.000Z' });
    expect(isPackDue(daily, now)).toBe(false);
    expect(isPackDue(daily, now, 15 * 60_000)).toBe(true);
    expect(isPackDue(daily, at('2030-01-15T09:45:00.000Z'), 15 * 60_000)).toBe(false);
  });
});
