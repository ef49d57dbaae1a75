/**
 * Hourly quotas per visitor session or signed-in user on the costly actions: uploads, background
 * removals (cut-outs) and free compositions. The one place for the limits; the use cases enforce them
 * through a counter port (functions/core/quotas.ts), so the local stack enforces the same numbers.
 */

export const QUOTA_ACTIONS = ['upload', 'cutout', 'freeComposition'] as const;
export type QuotaAction = (typeof QUOTA_ACTIONS)[number];
export type QuotaLimits = Record<QuotaAction, number>;

/**
 * Per principal and clock hour. A family uploads a few photos, cuts out each once and tries a handful
 * of templates; these leave room for several times that while stopping a script from running the
 * image models (and our bill) in a loop.
 */
export const DEFAULT_QUOTAS: QuotaLimits = { upload: 30, cutout: 40, freeComposition: 120 };

/** The environment variable that overrides an action's hourly limit (load tests, a busy launch day). */
const QUOTA_VARIABLES: Record<QuotaAction, string> = {
  upload: 'QUOTA_UPLOAD_PER_HOUR',
  cutout: 'QUOTA_CUTOUT_PER_HOUR',
  freeComposition: 'QUOTA_FREE_COMPOSITION_PER_HOUR',
};
export const quotaVariableOf = (action: QuotaAction) => QUOTA_VARIABLES[action];

/** The limits with any positive whole-number override from `env`; anything else keeps the default. */
export function quotasFrom(env: Record<string, string | undefined>): QuotaLimits {
  const limits = { ...DEFAULT_QUOTAS };
  for (const action of QUOTA_ACTIONS) {
    const value = env[quotaVariableOf(action)];
    if (value && /^[1-9]\d*$/.test(value)) limits[action] = Number(value);
  }
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
