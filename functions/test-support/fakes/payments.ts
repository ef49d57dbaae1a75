/**
 * A payment provider in memory: checkout sessions a test opens and pays, subscriptions it can
 * change behind the app's back, and webhooks signed like Stripe's (`t=<time>,v1=<HMAC-SHA256 of
 * "<time>.<body>">`, five minutes' tolerance). The body is the event in our terms (PaymentEvent).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type Payments,
  type SubscriptionState,
  WebhookSignatureError,
} from '../../core/payments/payment-ports';
import type { Clock } from '../../core/ports';
import { epochSeconds } from './clock';

const TOLERANCE_SECONDS = 300;
const PERIOD_SECONDS = 30 * 86_400;

export type SignedWebhook = { rawBody: string; signature: string };

export type FakePayments = Payments & {
  /** Every checkout asked for, in order. */
  requests: CheckoutRequest[];
  sessions: Map<string, CheckoutSession>;
  subscriptions: Map<string, SubscriptionState>;
  /** Pays an open session as the hosted page does; the webhook is its checkout.session.completed. */
  pay(
    sessionId: string,
    paymentStatus?: CheckoutSession['paymentStatus'],
  ): { session: CheckoutSession; webhook: SignedWebhook };
  /** The provider's event for a subscription as it is now (customer.subscription.updated). */
  subscriptionEvent(subscriptionId: string, created?: number): SignedWebhook;
  /** Signs any event with the webhook secret, as the provider would send it. */
  sign(event: PaymentEvent, signedAt?: number): SignedWebhook;
};

export function createFakePayments(clock: Clock, webhookSecret = 'whsec_fake'): FakePayments {
  const sessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, SubscriptionState>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake_${++counter}`;
  const hmac = (signedAt: number, body: string) =>
    createHmac('sha256', webhookSecret).update(`${signedAt}.${body}`).digest('hex');

  const sign = (event: PaymentEvent, signedAt = epochSeconds(clock)): SignedWebhook => {
    const rawBody = JSON.stringify(event);
    return { rawBody, signature: `t=${signedAt},v1=${hmac(signedAt, rawBody)}` };
  };

  function verify(rawBody: string, signature: string | undefined): unknown {
    if (!signature) throw new WebhookSignatureError('Missing signature header');
    const parts = Object.fromEntries(signature.split(',').map((part) => part.split('=', 2)));
    const signedAt = Number(parts.t);
    const expected = Buffer.from(hmac(signedAt, rawBody));
    const given = Buffer.from(String(parts.v1 ?? ''));
    if (!Number.isInteger(signedAt) || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new WebhookSignatureError('No signature matches the payload');
    if (Math.abs(epochSeconds(clock) - signedAt) > TOLERANCE_SECONDS)
      throw new WebhookSignatureError('Timestamp outside the tolerance zone');
    try {
      return JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureError('The webhook body is not JSON');
    }
  }

  const payments: FakePayments = {
    requests: [],
    sessions,
    subscriptions,
    sign,

    async createCheckoutSession(request) {
      payments.requests.push(structuredClone(request));
      const id = nextId('cs');
      const url = `https://checkout.fake/pay/${id}`;
      sessions.set(id, {
        id,
        url,
        status: 'open',
        paymentStatus: 'unpaid',
        mode: request.mode,
        amountTotal: request.priceCents,
        subscriptionId: null,
        successUrl: request.successUrl,
        metadata: { ...request.metadata },
      });
      return { id, url };
    },

    async retrieveCheckoutSession(id) {
      const session = sessions.get(id);
      return session ? structuredClone(session) : null;
    },

    async parseWebhook(rawBody, signature) {
      const event = verify(rawBody, signature) as Partial<PaymentEvent> | null;
      const kinds = ['checkout_completed', 'subscription_changed', 'ignored'];
      if (
        typeof event?.id !== 'string' ||
        typeof event.type !== 'string' ||
        typeof event.created !== 'number' ||
        !kinds.includes(String(event.kind))
      )
        throw new WebhookSignatureError('The webhook body is not an event');
      return event as PaymentEvent;
    },

    async retrieveSubscription(id) {
      const subscription = subscriptions.get(id);
      return subscription ? { ...subscription } : null;
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No such subscription: '${subscriptionId}'`);
      subscription.cancelAtPeriodEnd = true;
      return { ...subscription };
    },

    pay(sessionId, paymentStatus = 'paid') {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      Object.assign(session, { status: 'complete', paymentStatus, url: null });
      if (session.mode === 'subscription') {
        const subscription: SubscriptionState = {
          id: nextId('sub'),
          status: 'active',
          currentPeriodEnd: epochSeconds(clock) + PERIOD_SECONDS,
          cancelAtPeriodEnd: false,
          userSub: session.metadata.userSub ?? null,
        };
        subscriptions.set(subscription.id, subscription);
        session.subscriptionId = subscription.id;
      }
      const event: PaymentEvent = {
        kind: 'checkout_completed',
        id: nextId('evt'),
        type: 'checkout.session.completed',
        created: epochSeconds(clock),
        session: structuredClone(session),
      };
      return { session: structuredClone(session), webhook: sign(event) };
    },

    subscriptionEvent(subscriptionId, created = epochSeconds(clock)) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No such subscription: '${subscriptionId}'`);
      return sign({
        kind: 'subscription_changed',
        id: nextId('evt'),
        type: 'customer.subscription.updated',
        created,
        subscription: { ...subscription },
      });
    },
  };
  return payments;
}
