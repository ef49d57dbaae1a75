/** The user pool's administration (sign-out everywhere, admin group), or none when no pool is configured. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Deps } from '../../core/deps';
import type { Identity } from '../../core/ports';
import { createCognitoIdentity, unconfiguredIdentity } from '../cognito/identity';
import type { AppConfig } from '../config';
import { awsClientConfig, type RootOptions } from './options';

export function identityOf(config: AppConfig, logger: Deps['logger'], options: RootOptions): Identity {
  if (!config.userPoolId) return unconfiguredIdentity;
  return createCognitoIdentity(
    new CognitoIdentityProviderClient(awsClientConfig(config, options)),
    config.userPoolId,
    {
      globalSignOutUnsupported: config.globalSignOutUnsupported,
      warn: (message) => logger.warn(message),
    },
  );
}
