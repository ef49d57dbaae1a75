/**
 * The one public origin: CloudFront serves the SPA from a private bucket, proxies /api/* to the HTTP API
 * and serves the public keys of the renders bucket (previews, template images; shared/deployment.ts) at
 * their own paths. S3 is reached only through origin access control.
 */
import { existsSync } from 'node:fs';
import { ORIGIN_VERIFY_HEADER, publicKeyPatterns, SHARE_TARGET, VIEWER_IP_HEADER } from '@shared/deployment';
import { APP_SHELL_FILE, PRERENDERED_PAGES } from '@shared/site-pages';
import { Annotations, Duration, Fn, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { bucketOrigins, cognitoOrigin, contentSecurityPolicy } from './content-security-policy';
import { acknowledge, nagResourceName } from './grants';
import { privateBucketDefaults } from './storage';

export const API_PATH_PATTERN = '/api/*';
/** The service worker's script (scripts/build/service-worker.ts writes it at the site's root). */
export const SERVICE_WORKER_PATH_PATTERN = '/sw.js';
/** Public keys of the renders bucket, each served at `/<key>` (e.g. `previews/*` at `/previews/*`). */
const PUBLIC_RENDER_KEYS = publicKeyPatterns('renders');

/**
 * Prerendered pages (/, /pricing, /upload) have their own HTML file; every other path whose last
 * segment has no extension is a client-side route (/result/<id>) and gets the app shell. The map
 * comes from shared/site-pages.ts, as the build and the local gateway use it. It runs on the default
 * behaviour only, so an API 404 stays a 404 (distribution-wide error responses would have turned it
 * into HTML).
 */
const PAGE_FILES = Object.fromEntries(
  Object.entries(PRERENDERED_PAGES).map(([page, file]) => [page, `/${file}`]),
);
export const SPA_ROUTING_CODE = `var PAGES = ${JSON.stringify(PAGE_FILES)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    var page = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
    request.uri = Object.prototype.hasOwnProperty.call(PAGES, page) ? PAGES[page] : '/${APP_SHELL_FILE}';
  }
  return request;
}`;

export type SiteProps = {
  httpApi: apigwv2.IHttpApi;
  renders: s3.IBucket;
  /** The photos bucket: named in the CSP (the browser PUTs photos and reads cut-outs there). */
  uploads: s3.IBucket;
  accessLogs: s3.IBucket;
  removalPolicy: RemovalPolicy;
  /** Built frontend (dist/site); when absent the bucket stays empty and synth warns. */
  siteAssetDir?: string;
  /** The WAF web ACL in front of the distribution (infra/edge-stack.ts, in us-east-1). */
  webAclArn: string;
  /** Sent to the API in ORIGIN_VERIFY_HEADER, so the API can refuse calls that skipped CloudFront. */
  originVerify: string;
};

export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      ...privateBucketDefaults(props.removalPolicy),
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'site/',
    });

    const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          // The user pool lives in this stack, so in its region.
          cognito: cognitoOrigin(Stack.of(this).region),
          uploads: bucketOrigins(props.uploads),
          renders: bucketOrigins(props.renders),
        }),
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
    };
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, CSP, no framing, no sniffing, strict referrer',
      securityHeadersBehavior,
    });
    // The service worker (frontend/src/pwa/sw.ts) is revalidated on every check, so a new build
    // reaches browsers at once; the rest of the site bucket keeps CloudFront's defaults.
    const serviceWorkerHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ServiceWorkerHeaders', {
      comment: 'The security headers, and no-cache for the service worker',
      securityHeadersBehavior,
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: 'no-cache', override: true }],
      },
    });

    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      comment: 'Serve prerendered pages and the app shell for client-side routes',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTING_CODE),
    });

    // Behind CloudFront, API Gateway sees an edge server's address: the function tells the API the
    // viewer's, overwriting anything the browser sent under that name (per-address quotas count it).
    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      comment: 'Tell the API the viewer address (per-address quotas)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS_CODE),
    });

    // The renders bucket gets its own origin access control so the bucket policy can be limited to its
    // public keys: the helper for OAC origins would grant GetObject on the whole bucket, HD files included.
    const rendersAccessControl = new cloudfront.S3OriginAccessControl(this, 'RendersAccessControl', {
      description: 'CloudFront reads the public images (previews, templates) of the renders bucket',
      signing: cloudfront.Signing.SIGV4_ALWAYS,
    });
    const rendersOrigin = origins.S3BucketOrigin.withBucketDefaults(props.renders, {
      originAccessControlId: rendersAccessControl.originAccessControlId,
    });
    const publicRenders: Record<string, cloudfront.BehaviorOptions> = Object.fromEntries(
      PUBLIC_RENDER_KEYS.map((key) => [
        `/${key}`,
        {
          origin: rendersOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
      ]),
    );
    // A share into the installed app that no service worker took (the browser dropped it) arrives
    // as a POST: answered at the edge with the upload page, which says the photo did not arrive.
    const shareTarget = new cloudfront.Function(this, 'ShareTargetFallback', {
      comment: 'Send a share the service worker did not take to the upload page',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SHARE_TARGET_CODE),
    });
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Little Futures: SPA, /api and public images on one origin',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        [API_PATH_PATTERN]: {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // API Gateway routes on its own Host header; everything else (Authorization, the session token) passes.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            { function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
        ...publicRenders,
        [SHARE_TARGET.path]: {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          // POST must pass the method check to reach the function; the function always answers.
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            { function: shareTarget, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
        [SERVICE_WORKER_PATH_PATTERN]: {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: serviceWorkerHeaders,
        },
      },
    });

    props.renders.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsPublicKeysOnly',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: PUBLIC_RENDER_KEYS.map((key) => props.renders.arnForObjects(key)),
        conditions: { StringEquals: { 'AWS:SourceArn': this.distribution.distributionArn } },
      }),
    );

    this.acknowledgeDistributionFindings();
    this.deployAssets(props.siteAssetDir);
  }

  /** https://<id>.cloudfront.net */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  private deployAssets(siteAssetDir: string | undefined): void {
    if (!siteAssetDir || !existsSync(siteAssetDir)) {
      Annotations.of(this).addWarningV2(
        'app:siteNotBuilt',
        `No built frontend at ${siteAssetDir ?? '(not given)'}: the site bucket stays empty. Run "npm run build" before deploying.`,
      );
      return;
    }
    const deployment = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [s3deploy.Source.asset(siteAssetDir)],
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    this.acknowledgeDeploymentFindings(deployment);
  }

  private acknowledgeDistributionFindings(): void {
    const distribution = this.distribution;
    acknowledge(
      distribution,
      'AwsSolutions-CFR1',
      'The product is offered worldwide; the spec names no country to block.',
    );
    acknowledge(
      distribution,
      'AwsSolutions-CFR4',
      'No custom domain yet, so the distribution uses the default *.cloudfront.net certificate, for which ' +
        'CloudFront does not apply a minimum TLS version. A custom domain will bring an ACM cert and TLSv1.2_2021.',
    );
  }

  /**
   * BucketDeployment runs CDK's own handler (a singleton Lambda at stack level) only while deploying.
   * Its role and runtime come from aws-cdk-lib; each finding is acknowledged with what it allows.
   */
  private acknowledgeDeploymentFindings(deployment: s3deploy.BucketDeployment): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    const asset = deployment.node
      .findAll()
      .find((child): child is s3assets.Asset => child instanceof s3assets.Asset);
    if (!handler || !asset)
      throw new Error('BucketDeployment internals changed: review the cdk-nag acknowledgements');

    const iam5 = (finding: string) => `AwsSolutions-IAM5[${finding}]`;
    const findings: [string, string][] = [
      [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'CDK-owned deployment handler: the managed policy only lets it write its own CloudWatch logs.',
      ],
      [
        iam5('Action::s3:GetObject*'),
        'CDK grantRead for the deployment handler: reads the zipped SPA asset and syncs the site bucket.',
      ],
      [iam5('Action::s3:GetBucket*'), 'CDK grantRead: bucket location/metadata lookups during the SPA sync.'],
      [iam5('Action::s3:List*'), 'CDK grantRead: listing the site bucket to prune files of an older build.'],
      [
        iam5('Action::s3:DeleteObject*'),
        'Prune: the sync deletes files that the new SPA build no longer has.',
      ],
      [iam5('Action::s3:Abort*'), 'The sync aborts its own failed multipart uploads of large SPA assets.'],
      [
        iam5(`Resource::${nagResourceName(this, asset.bucket.arnForObjects('*'))}`),
        'The CDK bootstrap asset bucket holds the SPA zip under a content-hash key known only at deploy time.',
      ],
      [
        iam5(`Resource::${nagResourceName(this, this.bucket.arnForObjects('*'))}`),
        'The deployment replaces every file of the SPA bucket (and only that bucket).',
      ],
      [
        iam5('Resource::*'),
        'cloudfront:CreateInvalidation/GetInvalidation after a deploy; CDK does not scope it to the distribution.',
      ],
      [
        'AwsSolutions-L1',
        'CDK pins the Python runtime of its BucketDeployment handler; it moves with aws-cdk-lib.',
      ],
    ];
    for (const [id, reason] of findings) acknowledge(handler, id, reason);
  }
}

/** The CloudFront Function of /api/*: the viewer's address in VIEWER_IP_HEADER, whatever was sent. */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  event.request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return event.request;
}`;

/** The CloudFront Function of the share target: a 303 to the upload page (SHARE_TARGET.landing). */
export const SHARE_TARGET_CODE = `function handler(event) {
  return {
    statusCode: 303,
    statusDescription: 'See Other',
    headers: { location: { value: '${SHARE_TARGET.landing}' }, 'cache-control': { value: 'no-store' } },
  };
}`;
