/** Stripe's webhook: the raw body (its signature covers the exact bytes) goes to the use case. */
import { routes } from '@shared/api';
import type { Deps } from '../core/deps';
import { handlePaymentWebhook } from '../core/payments/webhook';
import { createHttpHandler } from './http/router';

export const createWebhooksHandler = (deps: Deps) =>
  createHttpHandler(
    'webhooks',
    {
      stripeWebhook: (deps, { rawBody, event }) =>
        handlePaymentWebhook(deps, rawBody, event.headers[routes.stripeWebhook.rawBody.signatureHeader]),
    },
    deps,
  );
