/**
 * S3: the private uploads bucket (children's photos and cut-outs), the renders bucket (previews and
 * template images reach the public only through CloudFront; HD files, compositions and template
 * originals never), and the bucket that keeps access logs of both and of the CDN. What lives under
 * which prefix, and for how long, is shared/deployment.ts.
 */

import { ANONYMOUS_TAG, type BucketRole, PENDING_TAG, prefixesOf } from '@shared/deployment';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export type StorageProps = { removalPolicy: RemovalPolicy };

export class Storage extends Construct {
  readonly uploads: s3.Bucket;
  readonly renders: s3.Bucket;
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      ...privateBucketDefaults(props.removalPolicy),
      // CloudFront standard logging writes with ACLs, so the owner-preferred setting is required here.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }, abortIncompleteUploads()],
    });

    this.uploads = new s3.Bucket(this, 'Uploads', {
      ...privateBucketDefaults(props.removalPolicy),
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      lifecycleRules: contractLifecycleRules('uploads'),
    });

    this.renders = new s3.Bucket(this, 'Renders', {
      ...privateBucketDefaults(props.removalPolicy),
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'renders/',
      lifecycleRules: contractLifecycleRules('renders'),
    });
  }

  /**
   * The browser PUTs the photo straight to S3 with a presigned URL, and reads cut-outs through
   * presigned GETs onto its canvas (which needs CORS), from the site's origin only. Keepsakes in the
   * renders bucket are only shown and downloaded (an <img> and a link need no CORS).
   */
  allowUploadsFrom(origin: string): void {
    this.uploads.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}

/** Private, TLS-only, S3-managed encryption; no versioning, so deleting a child's photo deletes it. */
export function privateBucketDefaults(removalPolicy: RemovalPolicy): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    versioned: false,
    removalPolicy,
  };
}

/**
 * The expiry rules of shared/deployment.ts: one per prefix that expires as a whole (incoming/ after a
 * day, a visitor's temp/ folder after the retention period), the anonymous tag on any key, and the
 * pending tag of files written before a transaction that never recorded them.
 */
function contractLifecycleRules(bucket: BucketRole): s3.LifecycleRule[] {
  const byPrefix = prefixesOf(bucket).flatMap(({ prefix, expiresAfterDays }) =>
    expiresAfterDays === undefined
      ? []
      : [{ id: `expire-${prefix.replace(/\/$/, '')}`, prefix, expiration: Duration.days(expiresAfterDays) }],
  );
  const anonymousTagged: s3.LifecycleRule = {
    id: 'expire-anonymous-tagged',
    tagFilters: { [ANONYMOUS_TAG.key]: ANONYMOUS_TAG.value },
    expiration: Duration.days(ANONYMOUS_TAG.expiresAfterDays),
  };
  const pendingTagged: s3.LifecycleRule = {
    id: 'expire-pending-tagged',
    tagFilters: { [PENDING_TAG.key]: PENDING_TAG.value },
    expiration: Duration.days(PENDING_TAG.expiresAfterDays),
  };
  return [...byPrefix, anonymousTagged, pendingTagged, abortIncompleteUploads()];
}

function abortIncompleteUploads(): s3.LifecycleRule {
  return { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) };
}
