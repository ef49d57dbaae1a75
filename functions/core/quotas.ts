/**
 * The hourly quotas of shared/rules/quotas.ts, enforced: one counter per principal, action and clock
 * hour, taken before the costly work starts. A refused attempt costs nothing; a taken one is not
 * given back when the work fails (a failing loop is what the quota is there to stop).
 */
import type { MessageKey } from '@shared/messages';
import { type QuotaAction, type QuotaLimits, quotaWindow } from '@shared/rules/quotas';
import { QuotaExceededError } from './errors';
import type { Metrics } from './metrics';
import type { Clock, OwnerRef } from './ports';

/** One counter of the quota store: whose, for what, in which hour. */
export type QuotaCounterKey = { owner: OwnerRef; action: QuotaAction; window: string };

export interface QuotaStore {
  /**
   * Adds one to the counter, atomically, unless it already holds `limit`; false when it did.
   * The counter may vanish once `expiresAt` (epoch seconds) has passed.
   */
  take(key: QuotaCounterKey, limit: number, expiresAt: number): Promise<boolean>;
}

export type QuotaDeps = { quotas: QuotaStore; quotaLimits: QuotaLimits; clock: Clock; metrics: Metrics };

const refusal: Record<QuotaAction, MessageKey> = {
  upload: 'tooManyUploads',
  cutout: 'tooManyCutouts',
  freeComposition: 'tooManyCompositions',
};

/** Counters outlive their hour by a day, for anyone looking into an incident. */
const KEEP_SECONDS = 86_400;

/** Takes one of the owner's `action`s of this hour, or throws a 429 saying when the hour ends. */
export async function takeQuota(deps: QuotaDeps, owner: OwnerRef, action: QuotaAction): Promise<void> {
  const window = quotaWindow(deps.clock.now());
  const expiresAt = Math.floor(window.endsAt.getTime() / 1000) + KEEP_SECONDS;
  if (!(await deps.quotas.take({ owner, action, window: window.key }, deps.quotaLimits[action], expiresAt))) {
    deps.metrics.count('QuotaRefusals');
    throw new QuotaExceededError(refusal[action], window.retryAfterSeconds);
  }
}
