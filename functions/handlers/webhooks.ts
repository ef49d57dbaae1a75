/** The signed webhooks (Stripe's, the AI provider's): the raw body (signatures cover the exact bytes) goes to the use case. */
import { routes } from '@shared/api';
import type { Deps } from '../core/deps';
import { handlePaymentWebhook } from '../core/payments/webhook';
import { handleAiWebhook } from '../core/render/ai-webhook';
import { createHttpHandler } from './http/router';

export const createWebhooksHandler = (deps: Deps) =>
  createHttpHandler(
    'webhooks',
    {
      stripeWebhook: (deps, { rawBody, event }) =>
        handlePaymentWebhook(deps, rawBody, event.headers[routes.stripeWebhook.rawBody.signatureHeader]),
      aiWebhook: (deps, { rawBody, event }) => handleAiWebhook(deps, rawBody, event.headers),
    },
    deps,
  );
