/**
 * Stripe's wire format for the local fake (scripts/local/stripe-fake/stripe-fake.ts): the SDK's form bodies in;
 * checkout sessions, subscriptions and signed events out, shaped like Stripe's own.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export type FakeLineItem = { name: string; unitAmount: number; quantity: number; interval: string | null };

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  mode: 'payment' | 'subscription';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  payment_intent: string | null;
  subscription: string | null;
  /** A subscription session's first invoice (its payment is there, not on the session). */
  invoice: string | null;
  success_url: string;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  created: number;
  start_date: number;
  /** Also on the item, where API versions from 2025-03-31 on keep it. */
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: { object: 'list'; data: Record<string, unknown>[]; has_more: false };
  livemode: false;
};

export type FakeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
};

const DAY_SECONDS = 24 * 60 * 60;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` (what the Stripe SDK sends) into `{ a: { b: [{ c: '1' }] } }`. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1], ...Array.from(match[2].matchAll(/\[([^[\]]*)\]/g), (m) => m[1])] : [key];
    if (path.some((part) => UNSAFE_KEYS.has(part))) continue;
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i] === '' && Array.isArray(node) ? String(node.length) : path[i];
      const slots = node as Record<string, FormValue>;
      if (i === path.length - 1) {
        slots[part] = value;
      } else {
        const next = path[i + 1];
        if (typeof slots[part] !== 'object') slots[part] = next === '' || /^\d+$/.test(next) ? [] : {};
        node = slots[part] as FormObject | FormValue[];
      }
    }
  }
  return root;
}

export function field(value: FormValue | undefined, ...path: (string | number)[]): FormValue | undefined {
  let node = value;
  for (const key of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = (node as Record<string, FormValue>)[key];
  }
  return node;
}

export const text = (value: FormValue | undefined): string | null =>
  typeof value === 'string' ? value : null;

export function stringMap(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** What Stripe itself would refuse in a session the app creates; null when the params are fine. */
export function invalidSessionParams(body: FormObject): string | null {
  const mode = text(body.mode);
  if (mode !== 'payment' && mode !== 'subscription') return 'Invalid mode: must be payment or subscription.';
  if (!text(body.success_url)) return 'Missing required param: success_url.';
  const items = body.line_items;
  if (!Array.isArray(items) || items.length !== 1) return 'The Stripe fake supports exactly one line item.';
  const price = field(items[0], 'price_data');
  if (!text(field(price, 'currency'))) return 'Missing required param: line_items[0][price_data][currency].';
  if (!/^\d+$/.test(text(field(price, 'unit_amount')) ?? ''))
    return 'Invalid integer: line_items[0][price_data][unit_amount].';
  if (!text(field(price, 'product_data', 'name')))
    return 'Missing required param: line_items[0][price_data][product_data][name].';
  const recurring = text(field(price, 'recurring', 'interval'));
  if (mode === 'subscription' && !recurring)
    return 'You must provide at least one recurring price in `subscription` mode when using prices.';
  if (mode === 'payment' && recurring)
    return 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.';
  if (mode === 'payment' && body.subscription_data)
    return 'You can not pass `subscription_data` in `payment` mode.';
  if (mode === 'subscription' && body.payment_intent_data)
    return 'You can not pass `payment_intent_data` in `subscription` mode.';
  return null;
}

/** A checkout session from validated create params (see invalidSessionParams). */
export function buildSession(
  body: FormObject,
  checkoutBaseUrl: string,
): { session: FakeCheckoutSession; item: FakeLineItem } {
  const price = field(body, 'line_items', 0, 'price_data');
  const item: FakeLineItem = {
    name: text(field(price, 'product_data', 'name')) ?? '',
    unitAmount: Number(text(field(price, 'unit_amount'))),
    quantity: Number(text(field(body, 'line_items', 0, 'quantity')) ?? '1'),
    interval: text(field(price, 'recurring', 'interval')),
  };
  const id = newId('cs_test');
  const created = nowSeconds();
  const amount = item.unitAmount * item.quantity;
  const session: FakeCheckoutSession = {
    id,
    object: 'checkout.session',
    url: `${checkoutBaseUrl}/checkout/${id}`,
    status: 'open',
    payment_status: 'unpaid',
    mode: text(body.mode) === 'subscription' ? 'subscription' : 'payment',
    amount_subtotal: amount,
    amount_total: amount,
    currency: text(field(price, 'currency')) ?? 'usd',
    metadata: stringMap(body.metadata),
    client_reference_id: text(body.client_reference_id),
    customer: null,
    customer_email: text(body.customer_email),
    payment_intent: null,
    subscription: null,
    invoice: null,
    success_url: text(body.success_url) ?? '',
    cancel_url: text(body.cancel_url),
    created,
    expires_at: created + DAY_SECONDS,
    livemode: false,
  };
  return { session, item };
}

/** An active subscription for a paid session; a period is 30 days here. */
export function buildSubscription(opts: {
  customer: string;
  currency: string;
  item: FakeLineItem;
  metadata: Record<string, string>;
}): FakeSubscription {
  const start = nowSeconds();
  const end = start + 30 * DAY_SECONDS;
  const price = {
    id: newId('price'),
    object: 'price',
    currency: opts.currency,
    unit_amount: opts.item.unitAmount,
    recurring: { interval: opts.item.interval },
    product: newId('prod'),
  };
  const item = {
    id: newId('si'),
    object: 'subscription_item',
    quantity: opts.item.quantity,
    current_period_start: start,
    current_period_end: end,
    price,
  };
  return {
    id: newId('sub'),
    object: 'subscription',
    status: 'active',
    customer: opts.customer,
    cancel_at_period_end: false,
    cancel_at: null,
    created: start,
    start_date: start,
    current_period_start: start,
    current_period_end: end,
    metadata: { ...opts.metadata },
    latest_invoice: null,
    items: { object: 'list', data: [item], has_more: false },
    livemode: false,
  };
}

/** A Stripe-format event and its `stripe-signature` header, signed like Stripe does. */
export function signedEvent(
  type: string,
  object: unknown,
  secret: string,
  opts: {
    id?: string;
    created?: number;
    timestamp?: number;
    previousAttributes?: Record<string, unknown>;
  } = {},
): { event: FakeEvent; payload: string; signature: string } {
  const event: FakeEvent = {
    id: opts.id ?? newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: opts.created ?? nowSeconds(),
    type,
    data: { object, ...(opts.previousAttributes ? { previous_attributes: opts.previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: opts.timestamp });
  return { event, payload, signature };
}

/** POSTs a signed event to a webhook URL the way Stripe does. */
export async function postEvent(
  url: string,
  signed: { payload: string; signature: string },
  timeoutMs = 10_000,
): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signed.signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: signed.payload,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.text() };
}
