/**
 * Replicate's webhook deliveries verified on their own: the signing secret and the signature check,
 * without the image code of the provider. The provider's hosted ageing verifies with it, and so does
 * the webhooks Lambda, which loads nothing else of the provider.
 */
import type { HostedAgeing } from '../../../core/image-ai';
import { replicateClient, replicateWebhookSecret } from './client';
import { MissingTokenError, replicateCredentials, type SecretReader } from './credentials';
import type { Fetch } from './output-download';
import type { ProviderLogger } from './predictions';
import type { ReplicateConfig } from './replicate-config';
import { verifiedPredictionId } from './webhook-signature';

export type WebhookVerifier = Pick<HostedAgeing, 'verifyWebhook'>;

export function createWebhookVerifier(deps: {
  webhookSecret: () => Promise<string>;
  logger: ProviderLogger;
  /** The clock webhook timestamps are checked against (tests). */
  now?: (() => number) | undefined;
}): WebhookVerifier {
  return {
    async verifyWebhook(rawBody, headers) {
      const secret = await deps.webhookSecret();
      const verified = verifiedPredictionId({ rawBody, headers }, secret, deps.now?.());
      if (!verified)
        deps.logger.warn('Replicate webhook refused: bad signature, stale timestamp or no prediction id');
      return verified;
    },
  };
}

/** Unconfigured (no token, or an empty secret), nothing can be verified: every delivery is refused. */
export function createReplicateWebhookVerifier(
  config: ReplicateConfig,
  options: { logger?: ProviderLogger; readSecret?: SecretReader; fetch?: Fetch } = {},
): WebhookVerifier {
  const credentials = replicateCredentials(config, options.readSecret);
  const clientOf = replicateClient(config, credentials, options.fetch);
  const verifier = createWebhookVerifier({
    webhookSecret: replicateWebhookSecret(credentials, clientOf),
    logger: options.logger ?? console,
  });
  return {
    async verifyWebhook(rawBody, headers) {
      if (!credentials.configured) return null;
      try {
        return await verifier.verifyWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof MissingTokenError) return null;
        throw error;
      }
    },
  };
}
