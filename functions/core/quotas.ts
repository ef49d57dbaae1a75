/**
 * The hourly quotas of shared/rules/quotas.ts, enforced: one counter per caller, action and clock
 * hour and one per client address, taken before the costly work starts. A refused attempt costs
 * nothing; a taken one is not given back when the work fails (a failing loop is what the quota is
 * there to stop).
 */
import type { MessageKey } from '@shared/messages';
import {
  type AddressQuotaAction,
  type QuotaAction,
  type QuotaLimits,
  quotaWindow,
} from '@shared/rules/quotas';
import { QuotaExceededError } from './errors';
import type { Metrics } from './metrics';
import type { Clock, OwnerRef, Principal } from './ports';
import { ownerFor } from './uploads/ownership';

/** Whom a counter counts: a caller (visitor session or user) or a client address. */
export type QuotaSubject = OwnerRef | `address:${string}`;

/** One counter of the quota store: whose, for what, in which window (a clock hour, or `once`). */
export type QuotaCounterKey = { owner: QuotaSubject; action: string; window: string };

export interface QuotaStore {
  /**
   * Adds one to the counter, atomically, unless it already holds `limit`; false when it did.
   * The counter may vanish once `expiresAt` (epoch seconds) has passed.
   */
  take(key: QuotaCounterKey, limit: number, expiresAt: number): Promise<boolean>;
}

export type QuotaDeps = { quotas: QuotaStore; quotaLimits: QuotaLimits; clock: Clock; metrics: Metrics };

const refusal: Record<AddressQuotaAction, MessageKey> = {
  upload: 'tooManyUploads',
  cutout: 'tooManyCutouts',
  freeComposition: 'tooManyCompositions',
  session: 'tooManySessions',
};

/** Counters outlive their hour by a day, for anyone looking into an incident. */
const KEEP_SECONDS = 86_400;

async function takeOne(deps: QuotaDeps, owner: QuotaSubject, action: AddressQuotaAction, limit: number) {
  const window = quotaWindow(deps.clock.now());
  const expiresAt = Math.floor(window.endsAt.getTime() / 1000) + KEEP_SECONDS;
  if (!(await deps.quotas.take({ owner, action, window: window.key }, limit, expiresAt))) {
    deps.metrics.count('QuotaRefusals');
    throw new QuotaExceededError(refusal[action], window.retryAfterSeconds);
  }
}

/**
 * Takes one of the caller's `action`s of this hour and one of their address's, or throws a 429
 * saying when the hour ends. A principal without a known address (a worker, a test) is counted
 * as a caller only; the router gives every HTTP request one.
 */
export async function takeQuota(deps: QuotaDeps, principal: Principal, action: QuotaAction): Promise<void> {
  await takeOne(deps, ownerFor(principal), action, deps.quotaLimits.perCaller[action]);
  await takeAddressQuota(deps, principal.clientIp, action);
}

/** One of the address's `action`s of this hour (new visitor sessions are counted only here). */
export async function takeAddressQuota(
  deps: QuotaDeps,
  clientIp: string | undefined,
  action: AddressQuotaAction,
): Promise<void> {
  if (clientIp) await takeOne(deps, `address:${clientIp}`, action, deps.quotaLimits.perAddress[action]);
}
