/**
 * Secrets Manager values through Powertools Parameters. The SDK client is the Lambda's own (its
 * role, or the credentials the local stack gives it) and honours AWS_ENDPOINT_URL_SECRETS_MANAGER.
 */
import type { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import type { AwsCredentialIdentity } from '@smithy/types';

/** `credentials`: the Lambda's own where the local stack gives it some; unset, the SDK's default chain. */
export type SecretsClientOptions = { region?: string; credentials?: AwsCredentialIdentity | undefined };

/** The SecretString of a secret. */
export type SecretReader = (arn: string) => Promise<string | undefined>;

/** Longer than any container lives: a value once accepted is read again only by a new container. */
const FOR_THE_CONTAINER_SECONDS = 365 * 24 * 60 * 60;

function providerOf({ region, credentials }: SecretsClientOptions): () => Promise<SecretsProvider> {
  let provider: Promise<SecretsProvider> | undefined;
  // Loaded on first use: a container that never reads a secret never loads the SDK client.
  return () =>
    (provider ??= import('@aws-lambda-powertools/parameters/secrets').then(
      ({ SecretsProvider }) =>
        new SecretsProvider({
          clientConfig: { ...(region ? { region } : {}), ...(credentials ? { credentials } : {}) },
        }),
    ));
}

/**
 * Powertools wraps a failed read in its GetParameterError: the SDK's own error is what callers
 * classify (a throttled or failing service is a 503 the caller may retry, not a 500).
 */
const sdkErrorOf = (error: unknown) =>
  error instanceof Error && error.name === 'GetParameterError' && error.cause ? error.cause : error;

/** Reads the secret on every call, uncached: for callers that keep what they can use themselves. */
export function secretsManagerReader(options: SecretsClientOptions = {}): SecretReader {
  const provider = providerOf(options);
  return async (arn) => {
    const value = await (await provider()).get(arn, { maxAge: 0 }).catch((error) => {
      throw sdkErrorOf(error);
    });
    return typeof value === 'string' ? value : undefined;
  };
}

/**
 * The secret's value as `use` makes it: read on first call and kept in Powertools' cache for the
 * container's life. A failed read, or a value `use` refuses (the stack creates some secrets empty for
 * an operator to fill in), is not kept: the next call reads again.
 */
export function cachedSecret<T>(
  arn: string,
  use: (text: string) => T,
  options: SecretsClientOptions = {},
): () => Promise<T> {
  const provider = providerOf(options);
  return async () => {
    const secrets = await provider();
    const value = await secrets.get(arn, { maxAge: FOR_THE_CONTAINER_SECONDS }).catch((error) => {
      throw sdkErrorOf(error);
    });
    try {
      return use(typeof value === 'string' ? value : '');
    } catch (error) {
      secrets.clearCache();
      throw error;
    }
  };
}
