/**
 * The key that signs visitor session tokens: given directly (local stack, tests) or read once from
 * Secrets Manager on first use (AWS; a failed read is retried on the next request).
 */
import type { AwsCredentialIdentity } from '@smithy/types';
import type { Clock } from '../../core/ports';
import { createVisitorSessions, type VisitorSessions } from '../../core/sessions/session-tokens';
import type { AppConfig } from '../config';
import { cachedSecret } from '../secrets/secrets-manager';

/** Shorter keys would make forging a token a matter of guessing the key. */
const MIN_KEY_LENGTH = 32;

export function visitorSessionsFrom(
  config: Pick<AppConfig, 'region' | 'sessionSecret' | 'sessionSecretArn'>,
  clock: Clock,
  credentials?: AwsCredentialIdentity,
): VisitorSessions {
  return createVisitorSessions(sessionKeyFrom(config, credentials), clock);
}

function sessionKeyFrom(
  config: Pick<AppConfig, 'region' | 'sessionSecret' | 'sessionSecretArn'>,
  credentials?: AwsCredentialIdentity,
): () => Promise<string> {
  const { sessionSecret, sessionSecretArn } = config;
  if (sessionSecret) {
    const key = checked(sessionSecret);
    return async () => key;
  }
  if (!sessionSecretArn) {
    // A Lambda that serves visitors cannot run without its key: say so at start, not per request.
    throw new Error('No visitor session key: set SESSION_SECRET (local) or SESSION_SECRET_ARN (AWS)');
  }
  return cachedSecret(sessionSecretArn, checked, { region: config.region, credentials });
}

function checked(key: string): string {
  if (key.length < MIN_KEY_LENGTH)
    throw new Error(`The visitor session key is shorter than ${MIN_KEY_LENGTH} characters`);
  return key;
}
