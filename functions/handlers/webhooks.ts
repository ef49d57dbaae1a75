/** The signed webhooks (Stripe's, the AI provider's): the raw body (signatures cover the exact bytes) goes to the use case. */
import { routes } from '@shared/api';
import type { WebhooksDeps } from '../core/lambda-deps';
import { handlePaymentWebhook } from '../core/payments/webhook';
import { handleAiWebhook } from '../core/render/ai-webhook';
import { createHttpHandler } from './http/router';

export type { WebhooksDeps };

export const createWebhooksHandler = (deps: WebhooksDeps) =>
  createHttpHandler(
    'webhooks',
    {
      stripeWebhook: (deps, { rawBody, event }) =>
        handlePaymentWebhook(deps, rawBody, event.headers[routes.stripeWebhook.rawBody.signatureHeader]),
      aiWebhook: (deps, { rawBody, event }) => handleAiWebhook(deps, rawBody, event.headers),
    },
    deps,
  );
