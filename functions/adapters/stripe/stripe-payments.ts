/**
 * Payments with Stripe Checkout through the official SDK. `apiBase` points the SDK at the local fake
 * of Stripe's API (scripts/local/stripe-fake/stripe-fake.ts); without it the SDK talks to api.stripe.com.
 */

import { paymentKeyModeOf } from '@shared/rules/age-sales';
import Stripe from 'stripe';
import { DomainError } from '../../core/errors';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type Payments,
  type SubscriptionState,
  WebhookSignatureError,
} from '../../core/payments/payment-ports';
import type { PaymentRef, RefundRequest } from '../../core/payments/refund-ports';
import { paymentIntentOf, refundPayment } from './stripe-refunds';

export type StripePaymentsOptions = {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:4242 (the local fake); unset = the real Stripe. */
  apiBase?: string;
};

/** Well under API Gateway's 30 s integration timeout, so a slow Stripe call fails cleanly. */
const REQUEST_TIMEOUT_MS = 15_000;

function connectionConfig(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Stripe's enums are open (new values may appear): anything unknown reads as the fallback. */
function oneOf<T extends string>(value: string | null | undefined, known: readonly T[], fallback: T): T {
  return known.find((k) => k === value) ?? fallback;
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url ?? null,
    status: oneOf(session.status, ['open', 'complete', 'expired'], 'open'),
    paymentStatus: oneOf(session.payment_status, ['paid', 'unpaid', 'no_payment_required'], 'unpaid'),
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    amountTotal: session.amount_total ?? null,
    subscriptionId: idOf(session.subscription),
    paymentIntentId: idOf(session.payment_intent),
    successUrl: session.success_url ?? null,
    metadata: { ...(session.metadata ?? {}) },
  };
}

/**
 * Older API versions put `current_period_end` on the subscription, newer ones (2025-03-31 on) on
 * each subscription item: read either, whatever version the account or the event was sent with.
 */
type AnySubscription = Stripe.Subscription & {
  current_period_end?: number;
  items?: { data?: { current_period_end?: number }[] };
};

function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const sub = subscription as AnySubscription;
  return {
    id: sub.id,
    status: sub.status,
    currentPeriodEnd: sub.current_period_end ?? sub.items?.data?.[0]?.current_period_end ?? 0,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    userSub: sub.metadata?.userSub || null,
  };
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  return error.code === 'resource_missing' || error.statusCode === 404;
}

/** The verified event, or WebhookSignatureError for anything that is not a signed Stripe event. */
async function verifiedEvent(
  stripe: Stripe,
  rawBody: string,
  signature: string | undefined,
  webhookSecret: string,
): Promise<Stripe.Event> {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
  } catch (error) {
    // Forged or stale signatures, and signed bodies that are not JSON, all land here.
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  const object = (event as { data?: { object?: unknown } } | null)?.data?.object;
  if (
    typeof event?.id !== 'string' ||
    typeof event.type !== 'string' ||
    !object ||
    typeof object !== 'object'
  )
    throw new WebhookSignatureError('The webhook body is not a Stripe event');
  return event;
}

export function createStripePayments(opts: StripePaymentsOptions): Payments {
  const stripe = new Stripe(opts.secretKey, {
    ...connectionConfig(opts.apiBase),
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: 2,
  });

  return {
    async createCheckoutSession(request: CheckoutRequest) {
      const subscription = request.mode === 'subscription';
      const metadata = { ...request.metadata };
      const session = await stripe.checkout.sessions.create({
        mode: request.mode,
        line_items: [
          {
            price_data: {
              currency: 'usd',
              unit_amount: request.priceCents,
              product_data: { name: request.name },
              ...(subscription ? { recurring: { interval: request.interval ?? 'month' } } : {}),
            },
            quantity: 1,
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        client_reference_id: request.clientReferenceId,
        metadata,
        // Copied onto the subscription / payment intent, so their own events carry the user's sub.
        ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id: string) {
      try {
        return toCheckoutSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async parseWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
      const event = await verifiedEvent(stripe, rawBody, signature, opts.webhookSecret);
      const base = { id: event.id, type: event.type, created: event.created };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return { kind: 'checkout_completed', ...base, session: toCheckoutSession(event.data.object) };
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return {
            kind: 'subscription_changed',
            ...base,
            subscription: toSubscriptionState(event.data.object),
          };
        case 'charge.refunded': {
          const charge = event.data.object;
          return {
            kind: 'charge_refunded',
            ...base,
            charge: {
              id: charge.id,
              paymentIntentId: idOf(charge.payment_intent),
              amountCents: charge.amount,
              amountRefundedCents: charge.amount_refunded,
              refunded: charge.refunded,
            },
          };
        }
        case 'charge.dispute.created': {
          const dispute = event.data.object;
          return {
            kind: 'dispute_created',
            ...base,
            dispute: {
              id: dispute.id,
              chargeId: idOf(dispute.charge),
              paymentIntentId: idOf(dispute.payment_intent),
              amountCents: dispute.amount,
              reason: dispute.reason,
            },
          };
        }
        default:
          return { kind: 'ignored', ...base };
      }
    },

    async retrieveSubscription(id: string) {
      try {
        return toSubscriptionState(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async cancelAtPeriodEnd(subscriptionId: string) {
      const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      return toSubscriptionState(updated);
    },

    async cancelSubscriptionNow(subscriptionId: string) {
      return toSubscriptionState(await stripe.subscriptions.cancel(subscriptionId));
    },

    async expireCheckoutSession(id: string) {
      await stripe.checkout.sessions.expire(id);
    },

    paymentIntentOf: (payment: PaymentRef) => paymentIntentOf(stripe, payment),

    refund: (request: RefundRequest) => refundPayment(stripe, request),

    keyMode: async () => paymentKeyModeOf(opts.secretKey),
  };
}

/** Users hear "payments are not available" (503); the log says why. */
function notConfigured(): never {
  const error = new DomainError('unavailable', 'paymentsUnavailable');
  error.message = 'Payments are not configured: no Stripe secret key and webhook secret were provided';
  throw error;
}

/** Used when no Stripe keys are configured: checkout says payments are unavailable. */
export const unconfiguredPayments: Payments = {
  createCheckoutSession: async () => notConfigured(),
  retrieveCheckoutSession: async () => notConfigured(),
  parseWebhook: async () => notConfigured(),
  retrieveSubscription: async () => notConfigured(),
  cancelAtPeriodEnd: async () => notConfigured(),
  cancelSubscriptionNow: async () => notConfigured(),
  expireCheckoutSession: async () => notConfigured(),
  paymentIntentOf: async () => notConfigured(),
  refund: async () => notConfigured(),
  keyMode: async () => notConfigured(),
};
