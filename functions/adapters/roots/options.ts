/** What every composition root takes besides the configuration, and the settings its AWS clients share. */
import type { AwsCredentialIdentity } from '@smithy/types';
import type { AppConfig } from '../config';

export type RootOptions = {
  /**
   * What every AWS client of the root signs with. The local stack gives each Lambda its own access
   * key, so an IAM enforcer can judge its calls by its role; in AWS it is unset and the SDK's default
   * chain finds the function's role.
   */
  credentials?: AwsCredentialIdentity;
};

export const awsClientConfig = (config: Pick<AppConfig, 'region'>, options: RootOptions) => ({
  region: config.region,
  ...(options.credentials ? { credentials: options.credentials } : {}),
});
