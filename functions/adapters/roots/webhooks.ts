/**
 * The webhooks Lambda's deps: Stripe's events fulfil and refund; the AI provider's deliveries are only
 * verified and queued, so of the image adapters it loads the webhook check alone.
 */
import type { WebhooksDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { createHostedWebhooks } from '../image/hosted-webhooks';
import { createLogger } from './basics';
import { documentClient } from './dynamo';
import { fulfilmentDeps } from './fulfilment';
import { imageSettingsOf } from './image-settings';
import type { RootOptions } from './options';

export function buildWebhooksDeps(config: AppConfig, options: RootOptions = {}): WebhooksDeps {
  const logger = createLogger();
  return {
    ...fulfilmentDeps(config, options, documentClient(config, options), logger),
    imageAI: createHostedWebhooks(config.imageAi, imageSettingsOf(config, logger, options)),
  };
}
