/**
 * Hourly quotas on the costly actions (uploads, background removals, free compositions), counted per
 * visitor session or signed-in user AND per client address: a new visitor session costs nothing,
 * so the address is what bounds a script that makes one per request. Starting visitor sessions is
 * itself counted per address. The one place for the limits; the use cases enforce them through a
 * counter port (functions/core/quotas.ts), so the local stack enforces the same numbers.
 */

export const QUOTA_ACTIONS = ['upload', 'cutout', 'freeComposition'] as const;
export type QuotaAction = (typeof QUOTA_ACTIONS)[number];
/** What an address is counted for: the actions above, and new visitor sessions. */
export const ADDRESS_QUOTA_ACTIONS = [...QUOTA_ACTIONS, 'session'] as const;
export type AddressQuotaAction = (typeof ADDRESS_QUOTA_ACTIONS)[number];

export type QuotaLimits = {
  perCaller: Record<QuotaAction, number>;
  perAddress: Record<AddressQuotaAction, number>;
};

/**
 * Per caller: a family uploads a few photos, cuts out each once and tries a handful of templates;
 * these leave room for several times that while stopping a script from running the image models
 * (and our bill) in a loop. Per address: three such families behind one router or carrier NAT.
 */
export const DEFAULT_QUOTAS: QuotaLimits = {
  perCaller: { upload: 30, cutout: 40, freeComposition: 120 },
  perAddress: { upload: 90, cutout: 120, freeComposition: 360, session: 60 },
};

/** The environment variables that override a limit (load tests, a busy launch day). */
const CALLER_VARIABLES: Record<QuotaAction, string> = {
  upload: 'QUOTA_UPLOAD_PER_HOUR',
  cutout: 'QUOTA_CUTOUT_PER_HOUR',
  freeComposition: 'QUOTA_FREE_COMPOSITION_PER_HOUR',
};
export const quotaVariableOf = (action: QuotaAction) => CALLER_VARIABLES[action];
export const addressQuotaVariableOf = (action: AddressQuotaAction) =>
  action === 'session'
    ? 'QUOTA_SESSION_PER_ADDRESS_PER_HOUR'
    : CALLER_VARIABLES[action].replace(/_PER_HOUR$/, '_PER_ADDRESS_PER_HOUR');

/** The limits with any positive whole-number override from `env`; anything else keeps the default. */
export function quotasFrom(env: Record<string, string | undefined>): QuotaLimits {
  const override = (name: string, fallback: number) => {
    const value = env[name];
    return value && /^[1-9]\d*$/.test(value) ? Number(value) : fallback;
  };
  const limits: QuotaLimits = {
    perCaller: { ...DEFAULT_QUOTAS.perCaller },
    perAddress: { ...DEFAULT_QUOTAS.perAddress },
  };
  for (const action of QUOTA_ACTIONS)
    limits.perCaller[action] = override(quotaVariableOf(action), limits.perCaller[action]);
  for (const action of ADDRESS_QUOTA_ACTIONS)
    limits.perAddress[action] = override(addressQuotaVariableOf(action), limits.perAddress[action]);
  return limits;
}

const HOUR_MS = 3_600_000;

/** The clock hour `now` falls in: its key (UTC, e.g. 2026-11-25T22), and the seconds until it ends. */
export function quotaWindow(now: Date): { key: string; endsAt: Date; retryAfterSeconds: number } {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const endsAt = new Date(start + HOUR_MS);
  return {
    key: new Date(start).toISOString().slice(0, 13),
    endsAt,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
  };
}
