/** CloudFront's cache of public previews; a recording no-op where there is no distribution (local stack). */
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import type { CdnInvalidator } from '../../core/ports';
import { createCloudFrontInvalidator, createRecordingCdn } from '../cdn/invalidator';
import type { AppConfig } from '../config';
import { awsClientConfig, type RootOptions } from './options';

export const cdnOf = (config: AppConfig, options: RootOptions): CdnInvalidator =>
  config.cdnDistributionId
    ? createCloudFrontInvalidator(
        new CloudFrontClient(awsClientConfig(config, options)),
        config.cdnDistributionId,
      )
    : createRecordingCdn();
