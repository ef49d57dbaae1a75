/**
 * Which packs are due a scheduled generation: pure, so the rule is tested on its own. A pack with
 * scheduled generation is due when it never ran, or when its period (daily, weekly, monthly)
 * has passed since its last run started; never while a run is in progress.
 */
import type { PackFrequency } from '@shared/schemas/admin-packs';
import type { PackRecord } from './packs-ports';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the next run is due after a run that started at `last` (months are calendar months, clamped to their end). */
export function nextGenerationAt(frequency: PackFrequency, last: Date): Date {
  if (frequency === 'daily') return new Date(last.getTime() + DAY_MS);
  if (frequency === 'weekly') return new Date(last.getTime() + 7 * DAY_MS);
  const next = new Date(last);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDayOfMonth = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDayOfMonth));
  return next;
}

export type SchedulablePack = Pick<
  PackRecord,
  'scheduledGeneration' | 'generationFrequency' | 'lastGeneratedAt' | 'generation'
>;

/**
 * `slackMs`: the scheduler's tick. A run due a little after a tick starts at that tick rather
 * than one tick late, so a daily pack does not drift later by a tick every day.
 */
export function isPackDue(pack: SchedulablePack, now: Date, slackMs = 0): boolean {
  if (!pack.scheduledGeneration || pack.generation) return false;
  if (!pack.lastGeneratedAt) return true;
  const due = nextGenerationAt(pack.generationFrequency, new Date(pack.lastGeneratedAt));
  return now.getTime() + slackMs >= due.getTime();
}
