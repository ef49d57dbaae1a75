/**
 * The webhook side of hosted ageing alone, for the webhooks Lambda: present exactly when the provider
 * switch (image-ai.ts) would give ageing a hosted side, without loading any provider's image code.
 */
import type { ImageAIProvider, ImageAIRoutes, WebhookVerifying } from '../../core/image-ai';
import type { ImageAISettings } from './image-ai';
import { unconfiguredReplicate } from './replicate/replicate-config';
import { createReplicateWebhookVerifier, type WebhookVerifier } from './replicate/webhook-verifier';

/** The providers whose ageing is hosted (the offline one ages in the worker and posts nothing). */
const verifiers: Partial<Record<ImageAIProvider, (settings: ImageAISettings) => WebhookVerifier>> = {
  replicate: (settings) =>
    createReplicateWebhookVerifier(settings.replicate ?? unconfiguredReplicate(), {
      ...(settings.logger ? { logger: settings.logger } : {}),
      ...(settings.readSecret ? { readSecret: settings.readSecret } : {}),
    }),
};

export function createHostedWebhooks(
  routes: Pick<ImageAIRoutes, 'ageProgress'>,
  settings: ImageAISettings = {},
): WebhookVerifying {
  const verifier = verifiers[routes.ageProgress]?.(settings);
  return verifier ? { hostedAgeing: verifier } : {};
}
