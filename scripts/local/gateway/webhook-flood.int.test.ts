/**
 * A flood cannot delay a signed webhook: junk without the webhook key is refused before it counts
 * against the webhook's throttle (the WAF's rule in AWS), so Stripe's signed delivery still gets
 * through; keyed junk meets the throttle API Gateway has (25/s, burst 50) and the handler's check.
 * Through the real gateway and the real webhooks handler on the emulators.
 */
import { routes } from '@shared/api';
import { keyedWebhookUrl, ROUTE_THROTTLES } from '@shared/deployment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../functions/test-support/test-app';
import { LOCAL_STRIPE } from '../stripe-fake/local-payments';
import { postEvent, signedEvent } from '../stripe-fake/objects';
import type { Gateway } from './gateway';

const app = createTestApp();
let gateway: Gateway;
let bare: string;
let keyed: string;

beforeAll(async () => {
  gateway = await app.startGateway();
  bare = `http://127.0.0.1:${gateway.port}${routes.stripeWebhook.path}`;
  keyed = keyedWebhookUrl(bare, app.env.WEBHOOK_KEY);
});
afterAll(() => gateway?.stop());

/** An event the app ignores, signed with the webhook secret: a real delivery it answers 200. */
const delivery = () =>
  signedEvent('customer.created', { id: `cus_${crypto.randomUUID()}` }, LOCAL_STRIPE.webhookSecret);
const junk = async (url: string) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"junk":true}',
  });
  await response.body?.cancel();
  return response.status;
};
/** How many of each status. */
function count(statuses: number[]): Record<number, number> {
  const counted: Record<number, number> = {};
  for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
  return counted;
}
const burst = ROUTE_THROTTLES.stripeWebhook!.burstLimit;

describe('the webhooks behind the key and the throttle', () => {
  it('refuses requests without the key, whatever the method or webhook', async () => {
    const ai = `http://127.0.0.1:${gateway.port}${routes.aiWebhook.path}`;
    const wrongKey = keyedWebhookUrl(bare, 'not-the-key');
    expect([await junk(bare), await junk(wrongKey), await junk(ai), (await fetch(bare)).status]).toEqual([
      403, 403, 403, 403,
    ]);
  });

  it('answers a signed delivery 200 amid a flood of junk, which gets 403 and uses none of the throttle', async () => {
    const flood = Array.from({ length: 400 }, (_, i) =>
      i === 200 ? postEvent(keyed, delivery()).then((r) => r.status + 1000) : junk(bare),
    );
    const statuses = await Promise.all(flood);
    expect(statuses[200]).toBe(1200);
    expect(count(statuses.filter((_, i) => i !== 200))).toEqual({ 403: 399 });

    // The refused flood took nothing from the bucket: a whole burst of keyed requests still passes
    // the throttle (to the handler, which refuses the missing signature).
    const after = await Promise.all(Array.from({ length: burst - 2 }, () => junk(keyed)));
    expect(count(after)).toEqual({ 400: burst - 2 });
  });

  it('throttles keyed junk as API Gateway does, and lets a delivery through once the bucket refills', async () => {
    const statuses = await Promise.all(Array.from({ length: burst * 3 }, () => junk(keyed)));
    const counted = count(statuses);
    expect(Object.keys(counted).sort()).toEqual(['400', '429']);
    expect(counted[429]).toBeGreaterThan(burst);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await postEvent(keyed, delivery())).status).toBe(200);
  });
});
