/** The whole product in one stack, composed of one construct per concern. */
import { routes } from '@shared/api';
import { LAMBDA_NAMES, type LambdaName, METRICS_NAMESPACE, WEBHOOK_KEY_PARAM } from '@shared/deployment';
import { demoImageSettingOf } from '@shared/rules/demo-image';
import { CfnOutput, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { z } from 'zod';
import { Alerts } from './constructs/alerts';
import { Api, GROUP_MODEL_WAIT } from './constructs/api';
import { DELETING_GROUPS } from './constructs/api-grants';
import { AppFunction } from './constructs/app-function';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import type { WebhookKeyRef } from './constructs/edge-firewall';
import { acknowledge } from './constructs/grants';
import {
  capabilityContextKey,
  HostedAi,
  type ImageAiChoice,
  PROVIDER_CONTEXT_KEY,
  PROVIDER_GROUPS,
  REPLICATE_WEBHOOK_SECRET_URL,
} from './constructs/hosted-ai';
import { DEFAULT_MAIL_FROM } from './constructs/mail';
import { PACK_WORKER_MODEL_WAIT, PackPipeline } from './constructs/pack-pipeline';
import { Payments, STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_PATH } from './constructs/payments';
import { RenderPipeline, WORKER_MODEL_WAIT } from './constructs/render-pipeline';
import { Site } from './constructs/site';
import { Storage } from './constructs/storage';

export type LittleFuturesStackProps = StackProps & {
  /** Prod-like stages keep data (RETAIN + deletion protection) when the stack is deleted. */
  prodLike: boolean;
  /** Cognito threat protection (needs the paid PLUS plan). */
  threatProtection?: boolean;
  /** Built frontend to upload to the site bucket (dist/site); skipped when missing. */
  siteAssetDir?: string;
  /** Sender of the app's emails (verified in SES by the operator); default no-reply@example.com. */
  mailFrom?: string;
  /** Which image AI provider answers each capability (CDK context imageAiProvider, imageAi<Capability>). */
  imageAi?: ImageAiChoice;
  /** The CloudFront WAF web ACL (LittleFuturesEdgeStack, us-east-1; a cross-region reference). */
  webAclArn: string;
  /** The key the web ACL wants in webhook URLs (LittleFuturesEdgeStack; a replica in this region). */
  webhookKey: WebhookKeyRef;
  /** Who gets the alarms by e-mail (CDK context alarmEmail); without it the topic has no subscriber. */
  alarmEmail?: string;
  /** The only address that may claim first-admin setup (CDK context adminEmail); unset, nobody can. */
  adminEmail?: string;
  /** Sell age HD made by the offline simulation even with live keys (CDK context sellSimulatedAges). */
  sellSimulatedAges?: boolean;
  /** Hide Login and the account buttons of the header (CDK context hideAuthButtons). */
  hideAuthButtons?: boolean;
  /** The age test's demo image (CDK context ageTestDemoImage; the forms: shared/rules/demo-image.ts). */
  ageTestDemoImage?: string;
};

/** The Lambdas that know whether the header hides its sign-in buttons: the public config and the go-live page. */
const AUTH_BUTTON_GROUPS = ['system', 'admin'] as const;
/**
 * Lambda's environment holds 4 KB in all: a data: URL longer than this leaves too little for the
 * rest, so the synth refuses it (an https URL or a bucket key has no such limit).
 */
const MAX_DEMO_IMAGE_SETTING = 1024;

/** The Lambdas that apply the age-sale rule: the public config, checkout and the go-live page. */
const AGE_SALE_GROUPS = ['system', 'payments', 'admin'] as const;

export class LittleFuturesStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly payments: Payments;
  readonly hostedAi: HostedAi;
  readonly renderPipeline: RenderPipeline;
  readonly packPipeline: PackPipeline;
  readonly api: Api;
  readonly site: Site;
  readonly alerts: Alerts;
  readonly originVerify: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: LittleFuturesStackProps) {
    // The web ACL's ARN comes from the us-east-1 edge stack.
    super(scope, id, { crossRegionReferences: true, ...props });
    const removalPolicy = props.prodLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.auth = new Auth(this, 'Auth', { removalPolicy, threatProtection: props.threatProtection ?? false });
    this.data = new Data(this, 'Data', { removalPolicy });
    this.storage = new Storage(this, 'Storage', { removalPolicy });
    this.payments = new Payments(this, 'Payments', { removalPolicy });
    this.hostedAi = new HostedAi(this, 'HostedAi', { removalPolicy, ...props.imageAi });
    const mailFrom = props.mailFrom ?? DEFAULT_MAIL_FROM;

    // functions/adapters/config.ts reads these; previews are served from the site origin (/previews/...).
    const environment: Record<string, string> = {
      TABLE_NAME: this.data.table.tableName,
      UPLOADS_BUCKET: this.storage.uploads.bucketName,
      RENDERS_BUCKET: this.storage.renders.bucketName,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.auth.userPoolClient.userPoolClientId,
      PREVIEWS_BASE_URL: '',
      ...this.hostedAi.environment,
      NODE_OPTIONS: '--enable-source-maps',
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    };

    this.renderPipeline = new RenderPipeline(this, 'RenderPipeline', {
      table: this.data.table,
      tableIndexNames: this.data.indexNames,
      uploads: this.storage.uploads,
      renders: this.storage.renders,
      environment,
      mailFrom,
      stripeSecret: this.payments.stripeSecret,
    });

    this.packPipeline = new PackPipeline(this, 'PackPipeline', {
      table: this.data.table,
      tableIndexNames: this.data.indexNames,
      renders: this.storage.renders,
      environment: { ...environment, RENDER_QUEUE_URL: this.renderPipeline.queue.queueUrl },
    });

    // The execute-api address cannot be switched off while CloudFront reaches the API through it (that
    // needs a custom API domain): instead CloudFront sends this secret and the API Lambdas check it.
    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description:
        'Sent by CloudFront to the HTTP API; the API refuses requests without it (skipped the WAF)',
      generateSecretString: { excludePunctuation: true, passwordLength: 40 },
      removalPolicy,
    });
    acknowledge(
      this.originVerify,
      'AwsSolutions-SMG4',
      'The origin-verify value lives in the CloudFront origin and the API Lambdas, both set at deploy: a rotation ' +
        'Lambda would have to update both at once. Replace it by deleting the secret value and redeploying.',
    );
    const originVerify = this.originVerify.secretValue.unsafeUnwrap();

    this.api = new Api(this, 'Api', {
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      table: this.data.table,
      tableIndexNames: this.data.indexNames,
      uploads: this.storage.uploads,
      renders: this.storage.renders,
      renderQueue: this.renderPipeline.queue,
      stripeSecret: this.payments.stripeSecret,
      packQueue: this.packPipeline.queue,
      environment: {
        ...environment,
        RENDER_QUEUE_URL: this.renderPipeline.queue.queueUrl,
        ORIGIN_VERIFY: originVerify,
      },
    });

    this.site = new Site(this, 'Site', {
      httpApi: this.api.httpApi,
      renders: this.storage.renders,
      uploads: this.storage.uploads,
      accessLogs: this.storage.accessLogs,
      removalPolicy,
      siteAssetDir: props.siteAssetDir,
      webAclArn: props.webAclArn,
      originVerify,
    });
    this.storage.allowUploadsFrom(this.site.url);
    // Checkout's return URLs (and so the age-19 email link) point at the site, never at a caller's Origin.
    // The distribution depends on the HTTP API resource only, not on these functions: no cycle.
    this.api.handlers.get('payments')?.function.addEnvironment('SITE_URL', this.site.url);
    // Hosted predictions report to SITE_URL + /api/ai/webhook; the worker starts them. Same reasoning: the
    // distribution needs the HTTP API and the renders bucket, never the worker.
    this.renderPipeline.worker.function.addEnvironment('SITE_URL', this.site.url);
    // ...with the webhook key, without which the WAF refuses the report. Resolved at deploy from the
    // replica; the rotation count changes the function, so a rotation makes CloudFormation read it again.
    const webhookKey = SecretValue.secretsManager(props.webhookKey.secretName).unsafeUnwrap();
    this.renderPipeline.worker.function.addEnvironment('WEBHOOK_KEY', webhookKey);
    this.renderPipeline.worker.function.addEnvironment(
      'WEBHOOK_KEY_ROTATION',
      String(props.webhookKey.rotation),
    );

    // Deleting an upload or an account invalidates its previews at the CDN: those Lambdas (only) get the
    // distribution id and cloudfront:CreateInvalidation on it. No cycle, by construction order: the
    // distribution depends on the HTTP API resource (its origin), never on the functions, so the
    // functions' environment and role policy can depend on the distribution. (Had the Site needed a
    // function, an SSM parameter read at run time would have broken the loop instead.)
    for (const group of DELETING_GROUPS) {
      const handler = this.api.handlers.get(group);
      if (!handler) throw new Error(`No Lambda for the route group ${group}, which deletes uploads`);
      handler.function.addEnvironment('CDN_DISTRIBUTION_ID', this.site.distribution.distributionId);
      this.site.distribution.grantCreateInvalidation(handler.function);
    }

    // Replicate's keys go to the Lambdas that call it, and to no other.
    this.hostedAi.allowProviderCalls(this.renderPipeline.worker, WORKER_MODEL_WAIT);
    this.hostedAi.allowProviderCalls(this.packPipeline.worker, PACK_WORKER_MODEL_WAIT);
    for (const group of PROVIDER_GROUPS) {
      const handler = this.api.handlers.get(group);
      if (!handler) throw new Error(`No Lambda for the route group ${group}, which calls the AI provider`);
      this.hostedAi.allowProviderCalls(handler, GROUP_MODEL_WAIT[group]);
    }

    // The operator pages (go-live checklist, AI providers) say whether the site address and both
    // secrets are set: the admin Lambda gets their names only, never the right to read a secret.
    const admin = this.api.handlers.get('admin')?.function;
    admin?.addEnvironment('SITE_URL', this.site.url);
    admin?.addEnvironment('STRIPE_SECRET_ARN', this.payments.stripeSecret.secretArn);
    admin?.addEnvironment('REPLICATE_SECRET_ARN', this.hostedAi.replicateSecret.secretArn);
    // A stranger who signs up first must not become admin: only the named address may claim setup.
    if (props.adminEmail !== undefined) {
      if (!z.email().safeParse(props.adminEmail.trim().toLowerCase()).success) {
        throw new Error(`adminEmail must be an email address; got "${props.adminEmail}"`);
      }
      admin?.addEnvironment('ADMIN_EMAIL', props.adminEmail.trim().toLowerCase());
    }
    // The public config says whether age HD is on sale: it needs to know the Stripe keys are read at
    // checkout (their mode unknown until then, so counted as live), by name only, no right to read.
    this.api.handlers
      .get('system')
      ?.function.addEnvironment('STRIPE_SECRET_ARN', this.payments.stripeSecret.secretArn);
    if (props.sellSimulatedAges) {
      for (const group of AGE_SALE_GROUPS) {
        this.api.handlers.get(group)?.function.addEnvironment('SELL_SIMULATED_AGES', 'true');
      }
    }

    if (props.hideAuthButtons) {
      for (const group of AUTH_BUTTON_GROUPS) {
        this.api.handlers.get(group)?.function.addEnvironment('HIDE_AUTH_BUTTONS', 'true');
      }
    }
    if (props.ageTestDemoImage !== undefined) this.setAgeTestDemoImage(props.ageTestDemoImage.trim());

    this.alerts = new Alerts(this, 'Alerts', { email: props.alarmEmail });
    this.alerts.notify(this.renderPipeline.deadLetterAlarm, this.packPipeline.deadLetterAlarm);
    this.alerts.watchApi(this.api.httpApi, this.api.accessLogs);
    this.alerts.watchLogAlerts(
      this.node.findAll().flatMap((child) => (child instanceof AppFunction ? [child.logGroup] : [])),
    );

    const outputs: Record<string, [string, string]> = {
      SiteUrl: [this.site.url, 'The app (CloudFront)'],
      ApiUrl: [this.api.url, 'HTTP API invoke URL (the app calls it through CloudFront at /api)'],
      UserPoolId: [this.auth.userPool.userPoolId, 'Cognito user pool'],
      UserPoolClientId: [this.auth.userPoolClient.userPoolClientId, 'Cognito app client (no secret)'],
      TableName: [this.data.table.tableName, 'DynamoDB single table'],
      UploadsBucketName: [this.storage.uploads.bucketName, 'Private uploads bucket'],
      RendersBucketName: [this.storage.renders.bucketName, 'Renders bucket (previews via CloudFront)'],
      SiteBucketName: [this.site.bucket.bucketName, 'SPA bucket'],
      RenderQueueUrl: [this.renderPipeline.queue.queueUrl, 'SQS render queue'],
      PackQueueUrl: [this.packPipeline.queue.queueUrl, 'SQS pack generation queue'],
      StripeSecretArn: [
        this.payments.stripeSecret.secretArn,
        'After deploy, put the Stripe keys in this secret as JSON {"secretKey": "sk_...", "webhookSecret": ' +
          '"whsec_..."}, and point a Stripe webhook endpoint at https://<site>' +
          `${STRIPE_WEBHOOK_PATH}?${WEBHOOK_KEY_PARAM}=<webhook key> (see StripeWebhookUrl) for the events ` +
          `${STRIPE_WEBHOOK_EVENTS.join(', ')}. ` +
          'Its signing secret is the webhookSecret. New keys apply at the next cold start of the Lambdas.',
      ],
      StripeWebhookUrl: [
        `${this.site.url}${STRIPE_WEBHOOK_PATH}?${WEBHOOK_KEY_PARAM}=`,
        'The endpoint URL to register in Stripe: this, followed by the value of the WebhookKeySecretName ' +
          'secret (the WAF refuses webhook requests without it)',
      ],
      WebhookKeySecretName: [
        props.webhookKey.secretName,
        'The webhook key (us-east-1, replicated to this region): aws secretsmanager get-secret-value ' +
          '--secret-id <this> --query SecretString --output text',
      ],
      ReplicateSecretArn: [
        this.hostedAi.replicateSecret.secretArn,
        `With CDK context ${PROVIDER_CONTEXT_KEY}=replicate (or one capability, e.g. ` +
          `${capabilityContextKey('ageProgress')}=replicate), put the Replicate keys in this secret as JSON ` +
          '{"apiToken": "r8_...", "webhookSecret": "whsec_..."}: an API token from ' +
          'replicate.com/account/api-tokens, and the "key" that ' +
          `GET ${REPLICATE_WEBHOOK_SECRET_URL} (Authorization: Bearer <token>) answers, which verifies ` +
          'the webhooks (left empty, the Lambdas ask for it there). A token filled in later is found by the ' +
          'next call; a changed one at the next cold start of the Lambdas.',
      ],
      AiWebhookUrl: [
        `${this.site.url}${routes.aiWebhook.path}`,
        'Where hosted predictions report their end; the render worker names it, with the webhook key, in ' +
          'each prediction, so there is nothing to register at Replicate',
      ],
      AlarmTopicArn: [
        this.alerts.topic.topicArn,
        props.alarmEmail
          ? `Alarms are mailed to ${props.alarmEmail} once the subscription e-mail is confirmed`
          : 'Alarms go here: deploy with -c alarmEmail=<address> (or subscribe to this topic) to hear of them',
      ],
      MailFrom: [
        mailFrom,
        'Sender of the "age 19 is ready" email (CDK context mailFrom): verify it or its domain in SES, ' +
          'and move the account out of the SES sandbox',
      ],
    };
    for (const [name, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value, description });
    }
  }

  /** Each Lambda's function, by name (shared/deployment.ts LAMBDA_NAMES): the route groups and the two workers. */
  lambdaFunctions(): Map<LambdaName, AppFunction> {
    const byName = new Map<string, AppFunction>([
      ...this.api.handlers,
      ['render-worker', this.renderPipeline.worker],
      ['pack-worker', this.packPipeline.worker],
    ]);
    const all = this.node.findAll().filter((c) => c instanceof AppFunction);
    const names = [...byName.keys()].sort();
    if (all.length !== byName.size || names.join() !== [...LAMBDA_NAMES].sort().join()) {
      throw new Error(
        `The stack's Lambdas (${names.join(', ')}; ${all.length} functions) are not LAMBDA_NAMES`,
      );
    }
    return byName as Map<LambdaName, AppFunction>;
  }

  /** The admin Lambda reads the demo image: a key in a bucket gets a read of exactly that key. */
  private setAgeTestDemoImage(value: string) {
    const setting = demoImageSettingOf(value);
    if (setting.kind === 'invalid') {
      throw new Error(`ageTestDemoImage is unusable (${setting.problem}): "${value}"`);
    }
    if (value.length > MAX_DEMO_IMAGE_SETTING) {
      throw new Error(
        `ageTestDemoImage is ${value.length} characters; Lambda's environment holds 4 KB in all: use an https:// URL or uploads:<key> / renders:<key>`,
      );
    }
    const admin = this.api.handlers.get('admin');
    if (!admin) throw new Error('No admin Lambda for the age test demo image');
    admin.function.addEnvironment('AGE_TEST_DEMO_IMAGE', value);
    if (setting.kind === 'object') {
      const bucket = setting.bucket === 'uploads' ? this.storage.uploads : this.storage.renders;
      admin.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [bucket.arnForObjects(setting.key)],
        }),
      );
    }
  }
}
