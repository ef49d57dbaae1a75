/** Stripe's webhook: the raw body (its signature covers the exact bytes) goes to the use case. */
import { getDeps } from '../adapters/deps';
import { handlePaymentWebhook } from '../core/payments/webhook';
import { createHttpHandler } from './http/router';

export const handler = createHttpHandler(
  'webhooks',
  {
    stripeWebhook: (deps, { rawBody, event }) =>
      handlePaymentWebhook(deps, rawBody, event.headers['stripe-signature']),
  },
  getDeps,
);
