/**
 * The official `replicate` client, loaded and built on first use (offline-only containers never load
 * it), and the webhook signing secret found through it when configuration does not give one.
 */
import type Replicate from 'replicate';
import type { ReplicateCredentials } from './credentials';
import type { Fetch } from './output-download';
import type { ReplicateConfig } from './replicate-config';

export function replicateClient(
  config: Pick<ReplicateConfig, 'apiBase'>,
  credentials: ReplicateCredentials,
  fetch?: Fetch,
): () => Promise<Replicate> {
  let client: Replicate | undefined;
  return async () => {
    const { default: Replicate } = await import('replicate');
    client ??= new Replicate({
      auth: await credentials.token(),
      baseUrl: config.apiBase,
      userAgent: 'little-futures',
      ...(fetch ? { fetch } : {}),
    });
    return client;
  };
}

export const replicateWebhookSecret =
  (credentials: ReplicateCredentials, clientOf: () => Promise<Replicate>) => () =>
    credentials.webhookSecret(async () => (await (await clientOf()).webhooks.default.secret.get()).key);
