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
import type { RefundRequest } from '../../core/payments/refund-ports';
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
  /** Refunds made, one per idempotency key (asking again with a key returns the first). */
  refunds: Map<string, RefundRequest & { id: string }>;
  /** Makes the next refund calls fail, as an unreachable provider would. */
  failRefunds: boolean;
  /** `charge.refunded` for a paid session's payment, refunded by `amountCents` more (all of it by default). */
  chargeRefundedEvent(sessionId: string, amountCents?: number): SignedWebhook;
  /** `charge.dispute.created` for a paid session's payment. */
  disputeEvent(sessionId: string): SignedWebhook;
  /** What keyMode() answers: test keys unless a test says live. */
  mode: 'live' | 'test';
};

export function createFakePayments(clock: Clock, webhookSecret = 'whsec_fake'): FakePayments {
  const sessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, SubscriptionState>();
  const refundedCents = new Map<string, number>();
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
    mode: 'test',

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
      const kinds = [
        'checkout_completed',
        'subscription_changed',
        'charge_refunded',
        'dispute_created',
        'ignored',
      ];
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

    async cancelSubscriptionNow(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No such subscription: '${subscriptionId}'`);
      if (subscription.status === 'canceled') throw new Error('This subscription is already canceled');
      subscription.status = 'canceled';
      return { ...subscription };
    },

    async expireCheckoutSession(id) {
      const session = sessions.get(id);
      if (session?.status !== 'open') throw new Error(`session ${id} is not open`);
      Object.assign(session, { status: 'expired', url: null });
    },

    refunds: new Map(),
    failRefunds: false,

    async paymentIntentOf(ref) {
      if ('paymentIntentId' in ref) return ref.paymentIntentId;
      if ('subscriptionId' in ref) return `pi_of_${ref.subscriptionId}`;
      const session = sessions.get(ref.checkoutSessionId);
      return session?.paymentIntentId ?? `pi_of_${session?.subscriptionId}`;
    },

    async refund(request) {
      if (payments.failRefunds) throw new Error('The provider is unreachable');
      const known = payments.refunds.get(request.idempotencyKey);
      if (known) return { id: known.id, status: 'succeeded' };
      const ref = request.payment;
      const paid =
        'checkoutSessionId' in ref
          ? sessions.get(ref.checkoutSessionId)?.status === 'complete'
          : 'subscriptionId' in ref
            ? subscriptions.has(ref.subscriptionId)
            : ref.paymentIntentId.startsWith('pi_');
      if (!paid) throw new Error(`Nothing was paid for ${JSON.stringify(ref)}`);
      const id = nextId('re');
      payments.refunds.set(request.idempotencyKey, { ...structuredClone(request), id });
      return { id, status: 'succeeded' };
    },

    async keyMode() {
      return payments.mode;
    },

    chargeRefundedEvent(sessionId, amountCents) {
      const session = sessions.get(sessionId);
      if (!session?.paymentIntentId) throw new Error(`session ${sessionId} has no payment`);
      const amount = session.amountTotal ?? 0;
      const refunded = refundedCents.get(sessionId) ?? 0;
      const now = Math.min(amount, refunded + (amountCents ?? amount));
      refundedCents.set(sessionId, now);
      return sign({
        kind: 'charge_refunded',
        id: nextId('evt'),
        type: 'charge.refunded',
        created: epochSeconds(clock),
        charge: {
          id: `ch_of_${session.paymentIntentId}`,
          paymentIntentId: session.paymentIntentId,
          amountCents: amount,
          amountRefundedCents: now,
          refunded: now >= amount,
        },
      });
    },

    disputeEvent(sessionId) {
      const session = sessions.get(sessionId);
      if (!session?.paymentIntentId) throw new Error(`session ${sessionId} has no payment`);
      return sign({
        kind: 'dispute_created',
        id: nextId('evt'),
        type: 'charge.dispute.created',
        created: epochSeconds(clock),
        dispute: {
          id: nextId('dp'),
          chargeId: `ch_of_${session.paymentIntentId}`,
          paymentIntentId: session.paymentIntentId,
          amountCents: session.amountTotal ?? 0,
          reason: 'fraudulent',
        },
      });
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
      } else {
        session.paymentIntentId = nextId('pi');
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
