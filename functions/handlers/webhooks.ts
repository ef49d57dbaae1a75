/** Stripe's webhook: the raw body (its signature covers the exact bytes) goes to the use case. */
import { getDeps } from '../adapters/deps';
import { handlePaymentWebhook } from '../core/payments/webhook';
import { createHttpHandler } from './http/router';

export const handler = createHttpHandler(
  'webhooks',
  {
    stripeWebhook: (deps, { event }) => {
      const raw = event.isBase64Encoded
        ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
        : event.body;
      return handlePaymentWebhook(deps, raw ?? '', event.headers['stripe-signature']);
    },
  },
  getDeps,
);
