/**
 * What stands before a webhook's handler in AWS, locally: the WAF's check of the webhook key in the
 * URL, then API Gateway's per-route throttle (a token bucket of `burstLimit` requests, refilled at
 * `rateLimit` a second). The key is checked first, so requests without it never use up the bucket.
 */
import { timingSafeEqual } from 'node:crypto';
import { type RouteDef, type RouteId, routes } from '@shared/api';
import { ROUTE_THROTTLES, type RouteThrottle, WEBHOOK_KEY_PARAM } from '@shared/deployment';

/** Whether the URL (path and query) carries the key; no key configured means no URL does. */
export function carriesWebhookKey(url: string, key: string | undefined): boolean {
  if (!key) return false;
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const given = Buffer.from(new URLSearchParams(query).get(WEBHOOK_KEY_PARAM) ?? '');
  const wanted = Buffer.from(key);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The signed webhooks' paths: the WAF looks at the path alone, whatever the method. */
export function webhookPaths(table: Record<string, RouteDef> = routes): Set<string> {
  return new Set(
    Object.values(table)
      .filter((route) => route.rawBody)
      .map((route) => route.path),
  );
}

export type TokenBucket = { take(): boolean };

export function tokenBucket(
  { rateLimit, burstLimit }: RouteThrottle,
  now: () => number = () => performance.now(),
): TokenBucket {
  let tokens = burstLimit;
  let at = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(burstLimit, tokens + ((t - at) / 1000) * rateLimit);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * A bucket per throttled route. Only the webhooks' throttles are mirrored: the benchmarks and tests
 * drive the public routes far beyond a family's pace on purpose (their hourly quotas still apply).
 */
export function webhookThrottles(
  table: Record<string, RouteDef> = routes,
  throttles: Partial<Record<RouteId, RouteThrottle>> = ROUTE_THROTTLES,
): Map<string, TokenBucket> {
  const buckets = new Map<string, TokenBucket>();
  for (const [id, route] of Object.entries(table)) {
    const throttle = throttles[id as RouteId];
    if (route.rawBody && throttle) buckets.set(id, tokenBucket(throttle));
  }
  return buckets;
}
