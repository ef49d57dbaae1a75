/**
 * The API token and webhook signing secret, each found once per container: from the environment
 * (local stack, tests), else from the Secrets Manager secret {"apiToken","webhookSecret"} (AWS), and
 * for the signing secret, else from Replicate itself (GET /webhooks/default/secret).
 */
import { type SecretReader, secretsManagerReader } from '../../secrets/secrets-manager';
import { type ReplicateConfig, replicateConfigured } from './replicate-config';

export type { SecretReader };

type StoredSecret = { apiToken?: string; webhookSecret?: string };

/** No token configured, or the secret holds none yet: the capability "needs an AI provider". */
export class MissingTokenError extends Error {
  constructor() {
    super('No Replicate API token: set REPLICATE_API_TOKEN, or apiToken in the REPLICATE_SECRET_ARN secret');
    this.name = 'MissingTokenError';
  }
}

export type ReplicateCredentials = {
  /** False when neither a token nor a secret is configured: every capability "needs an AI provider". */
  readonly configured: boolean;
  /** Rejects with MissingTokenError when there is none. */
  token(): Promise<string>;
  webhookSecret(fetchFromReplicate: () => Promise<string>): Promise<string>;
};

/** One load at a time, kept once it worked; a failed load is tried again by the next call. */
function once<A extends unknown[], T>(load: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let loading: Promise<T> | undefined;
  return (...args) => {
    loading ??= load(...args).catch((error) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

export function replicateCredentials(
  config: Pick<ReplicateConfig, 'apiToken' | 'secretArn' | 'webhookSecret'>,
  readSecret: SecretReader = secretsManagerReader(),
): ReplicateCredentials {
  const stored = once(async (): Promise<StoredSecret> => {
    if (!config.secretArn) throw new MissingTokenError();
    const text = await readSecret(config.secretArn);
    let secret: StoredSecret;
    try {
      secret = JSON.parse(text || '{}') as StoredSecret;
    } catch {
      throw new Error(
        'The Replicate secret must be JSON: {"apiToken": "r8_...", "webhookSecret": "whsec_..."}',
      );
    }
    // The stack creates the secret empty: a failed load is not kept, so a token filled in later
    // is found without a restart.
    if (!secret.apiToken) throw new MissingTokenError();
    return secret;
  });
  const signing = once(async (fetchFromReplicate: () => Promise<string>) => {
    const known = config.webhookSecret ?? (config.apiToken ? undefined : (await stored()).webhookSecret);
    return known || (await fetchFromReplicate());
  });
  return {
    configured: replicateConfigured(config),
    token: async () => config.apiToken ?? (await stored()).apiToken ?? '',
    webhookSecret: (fetchFromReplicate) => signing(fetchFromReplicate),
  };
}
