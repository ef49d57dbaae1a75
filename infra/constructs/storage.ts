/**
 * S3: the private uploads bucket (children's photos and cut-outs), the renders bucket (previews and
 * template images reach the public only through CloudFront; HD files, compositions and template
 * originals never), and the bucket that keeps access logs of both and of the CDN. What lives under
 * which prefix, and for how long, is shared/deployment.ts.
 */

import { ANONYMOUS_TAG, type BucketRole, PENDING_TAG, prefixesOf } from '@shared/deployment';
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge } from './grants';

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
   *
   * Set by a custom resource after the bucket and the distribution exist, not as the bucket's own
   * CorsConfiguration: the site's CSP names this bucket's endpoint (connect-src), so the distribution
   * depends on the bucket, and a CORS rule naming the distribution on the bucket itself would close
   * the loop. CDK sets bucket notifications the same way for the same reason.
   */
  allowUploadsFrom(origin: string): void {
    const bucket = this.uploads;
    const putCors = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: { Bucket: bucket.bucketName, CORSConfiguration: { CORSRules: [uploadsCorsRule(origin)] } },
      physicalResourceId: cr.PhysicalResourceId.of(`${bucket.bucketName}-cors`),
    };
    const cors = new cr.AwsCustomResource(this, 'UploadsCors', {
      onCreate: putCors,
      onUpdate: putCors,
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [bucket.bucketArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    acknowledgeCustomResourceProvider(this);
    this.uploadsCors = cors;
  }

  /** The custom resource that sets the uploads bucket's CORS rule (once allowUploadsFrom ran). */
  uploadsCors?: cr.AwsCustomResource;
}

/** The one CORS rule of the uploads bucket, in S3's PutBucketCors terms. */
export function uploadsCorsRule(origin: string) {
  return {
    AllowedOrigins: [origin],
    AllowedMethods: ['PUT', 'GET'],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 3000,
  };
}

/**
 * AwsCustomResource runs CDK's own singleton Lambda, at stack level, only while deploying; its role
 * and runtime come from aws-cdk-lib. Each finding is acknowledged with what it allows.
 */
function acknowledgeCustomResourceProvider(scope: Construct) {
  const stack = Stack.of(scope);
  // SingletonFunction's construct id: 'AWS' and the uuid without dashes.
  const handler = stack.node.tryFindChild(
    `AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
  );
  if (!handler) throw new Error('AwsCustomResource internals changed: review the cdk-nag acknowledgements');
  acknowledge(
    handler,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "CDK-owned deploy-time handler (the uploads bucket's CORS rule): the managed policy only lets it write its logs.",
  );
  acknowledge(
    handler,
    'AwsSolutions-L1',
    'CDK pins the runtime of its AwsCustomResource handler; it moves with aws-cdk-lib.',
  );
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
