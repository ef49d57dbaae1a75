/**
 * S3: the private uploads bucket (children's photos), the renders bucket (previews reach the public only
 * through CloudFront, HD never), and the bucket that keeps access logs of both and of the CDN.
 */

import { ANONYMOUS_RETENTION_DAYS } from '@shared/catalog';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Key prefixes the handlers and the CDN agree on. */
export const UPLOADS_TEMP_PREFIX = 'temp/';
/** Originals of signed-in parents (kept until they delete them). */
export const UPLOADS_USERS_PREFIX = 'users/';
/** Raw browser uploads, before complete keeps a metadata-free copy: never kept past a day. */
export const UPLOADS_INCOMING_PREFIX = 'incoming/';
export const RENDERS_PREVIEWS_PREFIX = 'previews/';
export const RENDERS_HD_PREFIX = 'hd/';
/** Object tag that marks a file of an anonymous visitor; S3 deletes it after the retention period. */
export const ANONYMOUS_TAG = { key: 'retention', value: 'anonymous' } as const;

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

    const anonymousExpiry = Duration.days(ANONYMOUS_RETENTION_DAYS);
    const expireAnonymousTagged: s3.LifecycleRule = {
      id: 'expire-anonymous-tagged',
      tagFilters: { [ANONYMOUS_TAG.key]: ANONYMOUS_TAG.value },
      expiration: anonymousExpiry,
    };

    this.uploads = new s3.Bucket(this, 'Uploads', {
      ...privateBucketDefaults(props.removalPolicy),
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      lifecycleRules: [
        { id: 'expire-anonymous-temp-uploads', prefix: UPLOADS_TEMP_PREFIX, expiration: anonymousExpiry },
        { id: 'expire-raw-incoming-uploads', prefix: UPLOADS_INCOMING_PREFIX, expiration: Duration.days(1) },
        expireAnonymousTagged,
        abortIncompleteUploads(),
      ],
    });

    this.renders = new s3.Bucket(this, 'Renders', {
      ...privateBucketDefaults(props.removalPolicy),
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'renders/',
      lifecycleRules: [expireAnonymousTagged, abortIncompleteUploads()],
    });
  }

  /** The browser PUTs the photo straight to S3 with a presigned URL, from the site's origin only. */
  allowUploadsFrom(origin: string): void {
    this.uploads.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [s3.HttpMethods.PUT],
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

function abortIncompleteUploads(): s3.LifecycleRule {
  return { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) };
}
