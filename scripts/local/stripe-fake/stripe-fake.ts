/**
 * A local stand-in for Stripe's API (the part the app uses) with a test checkout page. Paying there
 * sends real Stripe-format events, signed with the webhook secret, to the app's webhook, so the real
 * verification and fulfilment code runs. Used by `npm start` and tests; never part of a deployed stack.
 */
import http from 'node:http';
import Stripe from 'stripe';
import { LOOPBACK } from '../ports';
import { createFakeMoney, type FakeCharge, type FakeRefund } from './money';
import {
  buildSession,
  buildSubscription,
  type FakeCheckoutSession,
  type FakeEvent,
  type FakeLineItem,
  type FakeSubscription,
  type FormObject,
  field,
  invalidSessionParams,
  newId,
  parseStripeForm,
  postEvent,
  signedEvent,
  stringMap,
} from './objects';
import { renderCheckoutPage, renderMessagePage } from './page';
import { type ApiResult, apiError, createFakeSubscriptions, missing } from './subscriptions';

export type { FakeCheckoutSession, FakeEvent, FakeSubscription, FormObject } from './objects';
export { signedEvent } from './objects';

type RecordedHeader = 'authorization' | 'content-type' | 'idempotency-key' | 'stripe-version';
const RECORDED_HEADERS: RecordedHeader[] = [
  'authorization',
  'content-type',
  'idempotency-key',
  'stripe-version',
];

export type RecordedRequest = {
  method: string;
  path: string;
  query: FormObject;
  /** The form body, parsed into nested objects and arrays. */
  body: FormObject;
  headers: Partial<Record<RecordedHeader, string>>;
};

/** One webhook delivery: the HTTP status, or the error when it could not be delivered. */
export type FakeDelivery = { event: FakeEvent; status: number | null; error: string | null };

export type StripeFake = {
  /** http://127.0.0.1:<port>: the SDK's apiBase. */
  url: string;
  port: number;
  requests(): RecordedRequest[];
  sessions(): FakeCheckoutSession[];
  subscriptions(): FakeSubscription[];
  deliveries(): FakeDelivery[];
  refunds(): FakeRefund[];
  charges(): FakeCharge[];
  /** A refund made in the dashboard, by a person (sends charge.refunded); false if the payment is unknown. */
  refundFromDashboard(paymentIntent: string, amountCents?: number): boolean;
  /** A bank's dispute of a payment (sends charge.dispute.created); false if the payment is unknown. */
  dispute(paymentIntent: string): boolean;
  /** Forgets the refunds' idempotency keys, as Stripe does after about a day. */
  forgetIdempotencyKeys(): void;
  /** Waits for the webhook deliveries still in flight (API-triggered events go out asynchronously). */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

export type StripeFakeOptions = {
  /** 0 (the default) = a free port. */
  port?: number;
  secretKey: string;
  webhookSecret: string;
  /** A function when the webhook's address is known only later (the gateway starts first). */
  webhookUrl: string | (() => string);
  /** Base of the checkout URLs handed to the browser; the fake's own URL unless given. */
  publicBaseUrl?: string;
  /** One line per webhook delivery; console.log unless given. */
  log?: (line: string) => void;
};

const MAX_BODY_BYTES = 1024 * 1024;

type StoredSession = {
  session: FakeCheckoutSession;
  item: FakeLineItem;
  subscriptionMetadata: Record<string, string>;
};
export async function startStripeFake(opts: StripeFakeOptions): Promise<StripeFake> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const recorded: RecordedRequest[] = [];
  const sessions = new Map<string, StoredSession>();
  const deliveries: FakeDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let checkoutBaseUrl = opts.publicBaseUrl ?? '';

  async function deliver(type: string, object: unknown, previousAttributes?: Record<string, unknown>) {
    const signed = signedEvent(type, structuredClone(object), opts.webhookSecret, { previousAttributes });
    const delivery: FakeDelivery = { event: signed.event, status: null, error: null };
    deliveries.push(delivery);
    try {
      const target = typeof opts.webhookUrl === 'function' ? opts.webhookUrl() : opts.webhookUrl;
      const { status, body } = await postEvent(target, signed);
      delivery.status = status;
      if (status >= 300) delivery.error = body.slice(0, 500);
      log(`[stripe-fake] ${type} ${signed.event.id} → webhook ${status}`);
    } catch (error) {
      // Like Stripe: a failed delivery does not undo the payment (the success page re-checks it).
      delivery.error = error instanceof Error ? error.message : String(error);
      log(`[stripe-fake] ${type} ${signed.event.id} → webhook delivery failed: ${delivery.error}`);
    }
  }

  /** Stripe delivers API-triggered events asynchronously; stop() waits for those still in flight. */
  function deliverLater(type: string, object: unknown, previousAttributes?: Record<string, unknown>) {
    const delivery = deliver(type, object, previousAttributes).finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  const money = createFakeMoney(deliverLater);
  const subscriptionApi = createFakeSubscriptions(deliverLater);
  const { subscriptions } = subscriptionApi;

  function createSession(body: FormObject): ApiResult {
    const invalid = invalidSessionParams(body);
    if (invalid) return apiError(400, invalid);
    const { session, item } = buildSession(body, checkoutBaseUrl);
    const subscriptionMetadata = stringMap(field(body, 'subscription_data', 'metadata'));
    sessions.set(session.id, { session, item, subscriptionMetadata });
    return { status: 200, json: session };
  }

  function expireSession(id: string): ApiResult {
    const stored = sessions.get(id);
    if (!stored) return missing('checkout.session', id);
    if (stored.session.status !== 'open')
      return apiError(400, `Only Checkout Sessions with a status of open can be expired.`);
    Object.assign(stored.session, { status: 'expired', url: null });
    return { status: 200, json: stored.session };
  }

  function handleApi(request: RecordedRequest): ApiResult {
    const { method, path, body, query } = request;
    const idempotencyKey = request.headers['idempotency-key'];
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    const handled = money.handle(method, path, body, idempotencyKey, query);
    if (handled) return handled;
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire && method === 'POST') return expireSession(decodeURIComponent(expire[1]));
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (session && method === 'GET') {
      const stored = sessions.get(decodeURIComponent(session[1]));
      return stored ? { status: 200, json: stored.session } : missing('checkout.session', session[1]);
    }
    const subscription = subscriptionApi.handle(method, path, body);
    if (subscription) return subscription;
    return apiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Completes the session, sends its events and returns where to send the browser. */
  async function pay(stored: StoredSession): Promise<string> {
    const { session } = stored;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    if (session.mode === 'subscription') {
      session.customer = newId('cus');
      const subscription = buildSubscription({
        customer: session.customer,
        currency: session.currency,
        item: stored.item,
        metadata: stored.subscriptionMetadata,
      });
      subscriptions.set(subscription.id, subscription);
      session.subscription = subscription.id;
      session.invoice = money.invoice(subscription.id, session.amount_total, session.currency);
      subscription.latest_invoice = session.invoice;
      // Sent before the redirect, so fulfilment has usually run when the success page loads.
      await deliver('customer.subscription.created', subscription);
    } else {
      session.payment_intent = money.charge(session.amount_total, session.currency);
    }
    await deliver('checkout.session.completed', session);
    return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  async function handlePage(method: string, path: string, res: http.ServerResponse): Promise<void> {
    const html = (status: number, body: string) =>
      void res
        .writeHead(status, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
          'x-content-type-options': 'nosniff',
        })
        .end(body);
    const m = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    const stored = m ? sessions.get(decodeURIComponent(m[1])) : undefined;
    if (!m || !stored)
      return html(404, renderMessagePage('Checkout not found', 'This checkout does not exist.'));
    const { session, item } = stored;
    const action = m[2];
    if (!action && method === 'GET') {
      const page = { id: session.id, status: session.status, customerEmail: session.customer_email };
      return html(200, renderCheckoutPage({ ...page, item: { ...item, amountCents: session.amount_total } }));
    }
    if (!action || method !== 'POST')
      return html(405, renderMessagePage('Not allowed', 'Use the page’s buttons.'));
    if (session.status !== 'open')
      return html(
        409,
        renderMessagePage('Already paid', 'This checkout is complete; nothing was charged twice.'),
      );
    const location =
      action === 'pay'
        ? await pay(stored)
        : (session.cancel_url ?? `/checkout/${encodeURIComponent(session.id)}`);
    res.writeHead(303, { location }).end();
  }

  function record(req: http.IncomingMessage, url: URL, body: string): RecordedRequest {
    const headers: RecordedRequest['headers'] = {};
    for (const name of RECORDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const request = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      body: parseStripeForm(body),
      headers,
    };
    recorded.push(request);
    return request;
  }

  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) return void res.writeHead(413).end();
        chunks.push(chunk as Buffer);
      }
      const url = new URL(req.url ?? '/', 'http://stripe-fake');
      if (!url.pathname.startsWith('/v1/')) return await handlePage(req.method ?? 'GET', url.pathname, res);
      const request = record(req, url, Buffer.concat(chunks).toString('utf8'));
      const result =
        req.headers.authorization === `Bearer ${opts.secretKey}`
          ? handleApi(request)
          : apiError(401, 'Invalid API Key provided.');
      res
        .writeHead(result.status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          'stripe-version': request.headers['stripe-version'] ?? Stripe.API_VERSION,
        })
        .end(JSON.stringify(result.json));
    } catch (error) {
      console.error(`[stripe-fake] ${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'The Stripe fake failed.' } }));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  const url = `http://${LOOPBACK}:${port}`;
  checkoutBaseUrl ||= url;

  return {
    url,
    port,
    requests: () => structuredClone(recorded),
    sessions: () => [...sessions.values()].map((stored) => structuredClone(stored.session)),
    subscriptions: () => structuredClone([...subscriptions.values()]),
    deliveries: () => structuredClone(deliveries),
    refunds: money.refunds,
    charges: money.charges,
    refundFromDashboard: (paymentIntent, amountCents) =>
      money.refundFromDashboard(paymentIntent, amountCents).status === 200,
    dispute: (paymentIntent) => money.dispute(paymentIntent),
    forgetIdempotencyKeys: money.forgetIdempotencyKeys,
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async stop() {
      await Promise.allSettled([...pending]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
