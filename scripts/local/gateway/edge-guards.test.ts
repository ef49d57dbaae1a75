import { routes } from '@shared/api';
import { ROUTE_THROTTLES } from '@shared/deployment';
import { describe, expect, it } from 'vitest';
import { carriesWebhookKey, tokenBucket, webhookPaths, webhookThrottles } from './edge-guards';

describe('the webhook key check', () => {
  it('wants exactly the key in the key parameter', () => {
    const path = routes.stripeWebhook.path;
    expect(carriesWebhookKey(`${path}?key=s3cret`, 's3cret')).toBe(true);
    expect(carriesWebhookKey(`${path}?x=1&key=s3cret`, 's3cret')).toBe(true);
    for (const url of [path, `${path}?key=`, `${path}?key=s3cre`, `${path}?key=s3cretX`, `${path}?KEY=x`]) {
      expect(carriesWebhookKey(url, 's3cret'), url).toBe(false);
    }
  });

  it('lets nothing through when no key is configured', () => {
    expect(carriesWebhookKey(`${routes.aiWebhook.path}?key=`, undefined)).toBe(false);
    expect(carriesWebhookKey(`${routes.aiWebhook.path}?key=`, '')).toBe(false);
  });

  it('guards the two signed webhooks, by path', () => {
    expect([...webhookPaths()].sort()).toEqual([routes.aiWebhook.path, routes.stripeWebhook.path].sort());
  });
});

describe('the per-route throttle', () => {
  it('serves a burst, refuses the next, and refills at the rate', () => {
    let now = 0;
    const bucket = tokenBucket({ rateLimit: 10, burstLimit: 3 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 100; // one token at 10/s
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 10_000; // never more than the burst
    expect(Array.from({ length: 4 }, () => bucket.take())).toEqual([true, true, true, false]);
  });

  it('mirrors the webhooks’ API Gateway throttles', () => {
    const buckets = webhookThrottles();
    expect([...buckets.keys()].sort()).toEqual(['aiWebhook', 'stripeWebhook']);
    const stripe = buckets.get('stripeWebhook')!;
    const served = Array.from({ length: 200 }, () => stripe.take()).filter(Boolean).length;
    // The burst, plus what refills while the loop runs.
    expect(served).toBeGreaterThanOrEqual(ROUTE_THROTTLES.stripeWebhook!.burstLimit);
    expect(served).toBeLessThan(ROUTE_THROTTLES.stripeWebhook!.burstLimit + 5);
  });
});
