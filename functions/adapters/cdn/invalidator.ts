/**
 * The CdnInvalidator port: CloudFront in AWS (CDN_DISTRIBUTION_ID, set by CDK on the Lambdas that
 * delete), and in memory on the local stack, whose gateway reads previews straight from S3 and so
 * caches nothing; it records what it was asked, which the integration tests read.
 */
import { type CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { CdnInvalidator } from '../../core/ports';

export function createCloudFrontInvalidator(
  cloudfront: CloudFrontClient,
  distributionId: string,
): CdnInvalidator {
  return {
    async invalidate(paths) {
      if (paths.length === 0) return;
      await cloudfront.send(
        new CreateInvalidationCommand({
          DistributionId: distributionId,
          InvalidationBatch: {
            // Unique per call: a retry of a deletion asks again rather than being taken for this one.
            CallerReference: crypto.randomUUID(),
            Paths: { Quantity: paths.length, Items: paths },
          },
        }),
      );
    },
  };
}

export type RecordingCdn = CdnInvalidator & {
  /** Every path asked for, in order. */
  readonly invalidated: string[];
};

export function createRecordingCdn(): RecordingCdn {
  const invalidated: string[] = [];
  return {
    invalidated,
    async invalidate(paths) {
      invalidated.push(...paths);
    },
  };
}
