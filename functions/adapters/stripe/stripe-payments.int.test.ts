import http from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { getProduct, PRODUCT_IDS, type ProductId } from '@shared/catalog';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type StripeFake,
  signedEvent,
  startStripeFake,
} from '../../../scripts/local/stripe-fake/stripe-fake';
import {
  type CheckoutRequest,
  type PaymentEvent,
  type Payments,
  WebhookSignatureError,
} from '../../core/payments/payment-ports';
import { createStripePayments, unconfiguredPayments } from './stripe-payments';

const SECRET_KEY = 'sk_test_little_futures_local';
const WEBHOOK_SECRET = 'whsec_test_little_futures_local';
const USER_SUB = 'user-sub-1234';
const UPLOAD_ID = 'upload-5678';
const SUCCESS_URL = 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://localhost:3000/pricing';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A tiny stand-in for the app's webhook endpoint: records every delivery and answers 200. */
async function startWebhookReceiver() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ headers: req.headers, body });
    for (const wake of waiters.splice(0)) wake();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/stripe/webhook`,
    received,
    /** Resolves once `count` deliveries in total have arrived. */
    async waitFor(count: number, timeoutMs = 5_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} webhooks arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received.slice(0, count);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function requestFor(productId: ProductId, overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const product = getProduct(productId);
  return {
    productId,
    mode: product.mode,
    name: product.name,
    priceCents: product.priceCents,
    interval: product.interval,
    successUrl: SUCCESS_URL,
    cancelUrl: CANCEL_URL,
    customerEmail: 'parent@example.com',
    clientReferenceId: USER_SUB,
    metadata: { userSub: USER_SUB, productId, uploadId: UPLOAD_ID },
    ...overrides,
  };
}

let fake: StripeFake;
let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let payments: Payments;

beforeAll(async () => {
  webhook = await startWebhookReceiver();
  fake = await startStripeFake({
    port: 0,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: () => webhook.url,
    log: () => undefined,
  });
  payments = createStripePayments({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: fake.url,
  });
});

afterAll(async () => {
  await fake?.stop();
  await webhook?.stop();
});

afterEach(() => {
  webhook.received.length = 0;
});

const lastCreate = () =>
  fake
    .requests()
    .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
    .at(-1)!;

async function payOnTestPage(sessionId: string): Promise<Response> {
  return fetch(`${fake.url}/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
}

async function parseReceived(received: Received): Promise<PaymentEvent> {
  const signature = received.headers['stripe-signature'];
  return payments.parseWebhook(received.body, typeof signature === 'string' ? signature : undefined);
}

describe('createCheckoutSession', () => {
  it.each(PRODUCT_IDS)(
    'sends %s as one inline line item with the catalog price, name and mode',
    async (id) => {
      const product = getProduct(id);
      const created = await payments.createCheckoutSession(requestFor(id));

      expect(created.id).toMatch(/^cs_test_/);
      expect(created.url).toBe(`${fake.url}/checkout/${created.id}`);
      const { body, headers } = lastCreate();
      expect(headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(body.mode).toBe(product.mode);
      expect(body.line_items).toEqual([
        {
          price_data: {
            currency: 'usd',
            unit_amount: String(product.priceCents),
            product_data: { name: product.name },
            ...(product.mode === 'subscription' ? { recurring: { interval: 'month' } } : {}),
          },
          quantity: '1',
        },
      ]);
      const metadata = { userSub: USER_SUB, productId: id, uploadId: UPLOAD_ID };
      expect(body.metadata).toEqual(metadata);
      expect(body.client_reference_id).toBe(USER_SUB);
      expect(body.customer_email).toBe('parent@example.com');
      expect(body.success_url).toBe(SUCCESS_URL);
      expect(body.cancel_url).toBe(CANCEL_URL);
      if (product.mode === 'subscription') {
        expect(body.subscription_data).toEqual({ metadata });
        expect(body.payment_intent_data).toBeUndefined();
      } else {
        expect(body.payment_intent_data).toEqual({ metadata });
        expect(body.subscription_data).toBeUndefined();
      }
    },
  );

  it('leaves customer_email out when the buyer has no email', async () => {
    await payments.createCheckoutSession(requestFor('credits_10', { customerEmail: undefined }));
    expect(lastCreate().body).not.toHaveProperty('customer_email');
  });

  it('fails with Stripe’s authentication error when the secret key is wrong', async () => {
    const wrongKey = createStripePayments({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    await expect(wrongKey.createCheckoutSession(requestFor('age10_hd'))).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});

describe('retrieveCheckoutSession', () => {
  it('reads a new session back as open and unpaid, with its metadata and success URL', async () => {
    const { id } = await payments.createCheckoutSession(requestFor('all3_hd'));
    expect(await payments.retrieveCheckoutSession(id)).toEqual({
      id,
      url: `${fake.url}/checkout/${id}`,
      status: 'open',
      paymentStatus: 'unpaid',
      mode: 'payment',
      amountTotal: getProduct('all3_hd').priceCents,
      subscriptionId: null,
      paymentIntentId: null,
      successUrl: SUCCESS_URL,
      metadata: { userSub: USER_SUB, productId: 'all3_hd', uploadId: UPLOAD_ID },
    });
  });

  it('returns null for a session id Stripe does not know', async () => {
    expect(await payments.retrieveCheckoutSession('cs_test_unknown')).toBeNull();
  });
});

describe('the test checkout page', () => {
  it('shows the product and price from the session, marked as a test', async () => {
    const { url } = await payments.createCheckoutSession(requestFor('all3_hd'));
    const response = await fetch(url);
    const html = await response.text();
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('Test checkout — no real payment is taken');
    expect(html).toContain('All 3 Ages HD');
    expect(html).toContain('$12.95');
    expect(html).toMatch(/<button type="submit">Pay<\/button>/);
    expect(html).toMatch(/<button type="submit" class="secondary">Cancel<\/button>/);

    const monthly = await payments.createCheckoutSession(requestFor('subscription_monthly'));
    expect(await (await fetch(monthly.url)).text()).toContain('$14.95/month');
  });

  it('pays: the signed webhook verifies and maps to checkout_completed, then redirects to the success URL', async () => {
    const { id } = await payments.createCheckoutSession(requestFor('age10_hd'));
    const response = await payOnTestPage(id);

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://localhost:3000/checkout/success?session_id=${id}`);
    const [delivery] = await webhook.waitFor(1);
    expect(delivery.headers['content-type']).toBe('application/json');
    const event = await parseReceived(delivery);
    expect(event).toMatchObject({
      kind: 'checkout_completed',
      type: 'checkout.session.completed',
      id: expect.stringMatching(/^evt_/),
      created: expect.any(Number),
      session: {
        id,
        status: 'complete',
        paymentStatus: 'paid',
        mode: 'payment',
        amountTotal: getProduct('age10_hd').priceCents,
        url: null,
        metadata: { userSub: USER_SUB, productId: 'age10_hd', uploadId: UPLOAD_ID },
      },
    });
    expect(await payments.retrieveCheckoutSession(id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
  });

  it('refuses to take a second payment for a completed session', async () => {
    const { id } = await payments.createCheckoutSession(requestFor('age10_hd'));
    expect((await payOnTestPage(id)).status).toBe(303);
    await webhook.waitFor(1);

    expect((await payOnTestPage(id)).status).toBe(409);
    expect(webhook.received).toHaveLength(1);
  });

  it('cancel returns to the cancel URL and leaves the session open', async () => {
    const { id } = await payments.createCheckoutSession(requestFor('credits_1'));
    const response = await fetch(`${fake.url}/checkout/${id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(CANCEL_URL);
    expect(await payments.retrieveCheckoutSession(id)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
    });
  });

  it('still redirects the buyer to the success URL when the webhook cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const offline = await startStripeFake({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${closedPort}/api/stripe/webhook`,
      log: () => undefined,
    });
    try {
      const offlinePayments = createStripePayments({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        apiBase: offline.url,
      });
      const { id } = await offlinePayments.createCheckoutSession(requestFor('age10_hd'));
      const response = await fetch(`${offline.url}/checkout/${id}/pay`, {
        method: 'POST',
        redirect: 'manual',
      });

      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toContain(id);
      expect(offline.deliveries()).toMatchObject([{ status: null, error: expect.any(String) }]);
    } finally {
      await offline.stop();
    }
  });
});

describe('parseWebhook', () => {
  const session = {
    id: 'cs_test_1',
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    mode: 'payment',
    metadata: {},
  };

  it('accepts an event signed with the webhook secret', async () => {
    const { payload, signature } = signedEvent('checkout.session.completed', session, WEBHOOK_SECRET);
    expect(await payments.parseWebhook(payload, signature)).toMatchObject({ kind: 'checkout_completed' });
  });

  const signed = (opts: { secret?: string; timestamp?: number } = {}) =>
    signedEvent('checkout.session.completed', session, opts.secret ?? WEBHOOK_SECRET, opts);
  const notJson = 'this is not json';
  const rejected: [string, () => { payload: string; signature: string | undefined }][] = [
    ['a signature made with another secret', () => signed({ secret: 'whsec_forged' })],
    [
      'a body changed after signing',
      () => {
        const { payload, signature } = signed();
        return { payload: payload.replace('"paid"', '"unpaid"'), signature };
      },
    ],
    [
      'a stale signature (timestamp 10 minutes old)',
      () => signed({ timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ],
    [
      'a request without a stripe-signature header',
      () => ({ payload: signed().payload, signature: undefined }),
    ],
    [
      'a correctly signed body that is not JSON',
      () => ({
        payload: notJson,
        signature: Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret: WEBHOOK_SECRET }),
      }),
    ],
  ];

  it.each(rejected)('rejects %s with WebhookSignatureError', async (_, make) => {
    const { payload, signature } = make();
    await expect(payments.parseWebhook(payload, signature)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('maps other event types to ignored, keeping id, type and created', async () => {
    const { payload, signature, event } = signedEvent(
      'invoice.paid',
      { id: 'in_1', object: 'invoice' },
      WEBHOOK_SECRET,
    );
    expect(await payments.parseWebhook(payload, signature)).toEqual({
      kind: 'ignored',
      id: event.id,
      type: 'invoice.paid',
      created: event.created,
    });
  });

  it('reads current_period_end from the subscription item (newer API versions) or the subscription', async () => {
    const base = {
      id: 'sub_1',
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      metadata: { userSub: USER_SUB },
    };
    const onItem = signedEvent(
      'customer.subscription.updated',
      { ...base, items: { data: [{ current_period_end: 1_900_000_000 }] } },
      WEBHOOK_SECRET,
    );
    const onSub = signedEvent(
      'customer.subscription.deleted',
      { ...base, status: 'canceled', current_period_end: 1_800_000_000 },
      WEBHOOK_SECRET,
    );

    expect(await payments.parseWebhook(onItem.payload, onItem.signature)).toMatchObject({
      kind: 'subscription_changed',
      subscription: { id: 'sub_1', currentPeriodEnd: 1_900_000_000, userSub: USER_SUB, status: 'active' },
    });
    expect(await payments.parseWebhook(onSub.payload, onSub.signature)).toMatchObject({
      kind: 'subscription_changed',
      type: 'customer.subscription.deleted',
      subscription: { currentPeriodEnd: 1_800_000_000, status: 'canceled' },
    });
  });
});

describe('subscriptions', () => {
  async function subscribe() {
    const { id } = await payments.createCheckoutSession(requestFor('subscription_monthly'));
    expect((await payOnTestPage(id)).status).toBe(303);
    const events = await Promise.all((await webhook.waitFor(2)).map(parseReceived));
    webhook.received.length = 0;
    return { sessionId: id, events };
  }

  it('paying a subscription checkout emits subscription_changed with the user’s sub and checkout_completed', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { sessionId, events } = await subscribe();

    const changed = events.find((e) => e.kind === 'subscription_changed');
    const completed = events.find((e) => e.kind === 'checkout_completed');
    expect(changed).toMatchObject({
      type: 'customer.subscription.created',
      subscription: { status: 'active', cancelAtPeriodEnd: false, userSub: USER_SUB },
    });
    const subscription = changed?.kind === 'subscription_changed' ? changed.subscription : undefined;
    expect(subscription?.currentPeriodEnd).toBeGreaterThanOrEqual(before + 30 * 24 * 3600);
    expect(completed).toMatchObject({
      session: {
        id: sessionId,
        mode: 'subscription',
        paymentStatus: 'paid',
        subscriptionId: subscription?.id,
      },
    });
  });

  it('cancelAtPeriodEnd updates the subscription and emits customer.subscription.updated', async () => {
    const { events } = await subscribe();
    const created = events.find((e) => e.kind === 'subscription_changed');
    const subscriptionId = created?.kind === 'subscription_changed' ? created.subscription.id : '';

    const state = await payments.cancelAtPeriodEnd(subscriptionId);

    expect(state).toMatchObject({
      id: subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: true,
      userSub: USER_SUB,
    });
    const update = fake.requests().at(-1)!;
    expect(update).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subscriptionId}` });
    expect(update.body).toEqual({ cancel_at_period_end: 'true' });
    const [delivery] = await webhook.waitFor(1);
    expect(await parseReceived(delivery)).toMatchObject({
      kind: 'subscription_changed',
      type: 'customer.subscription.updated',
      subscription: { id: subscriptionId, cancelAtPeriodEnd: true, userSub: USER_SUB },
    });
  });
});

describe('unconfiguredPayments', () => {
  it('says it is not configured and refuses every call with a clear error', async () => {
    await expect(unconfiguredPayments.createCheckoutSession(requestFor('age10_hd'))).rejects.toThrow(
      /not configured/,
    );
    await expect(unconfiguredPayments.parseWebhook('{}', 't=1,v1=x')).rejects.toThrow(/not configured/);
  });
});
