import { keyedWebhookUrl } from '@shared/deployment';
import {
  type AgeSaleFacts,
  ageHdOnSale,
  type PaymentKeyMode,
  paymentKeyModeOf,
} from '@shared/rules/age-sales';
import { type DemoImageSetting, demoImageSettingOf } from '@shared/rules/demo-image';
import { type QuotaLimits, quotasFrom } from '@shared/rules/quotas';
import type { ClientConfig } from '@shared/schemas/account';
import { z } from 'zod';
import {
  ageingEngine,
  IMAGE_AI_PROVIDERS,
  IMAGE_CAPABILITIES,
  type ImageAIRoutes,
  type ImageCapability,
} from '../core/image-ai';
import { type ReplicateConfig, replicateConfigOf } from './image/replicate/replicate-config';

/**
 * Runtime configuration from environment variables, read once per container. AWS clients also
 * honour the SDK's own AWS_ENDPOINT_URL / AWS_ENDPOINT_URL_<SERVICE> variables, which is how the
 * local stack (and LocalStack, or a real account) is targeted without code changes.
 */
export type AppConfig = {
  region: string;
  tableName: string;
  uploadsBucket: string;
  rendersBucket: string;
  renderQueueUrl: string;
  /** Path-style S3 URLs, needed by the local S3 emulator. */
  s3ForcePathStyle: boolean;
  /** Origin used in presigned upload URLs when the browser reaches S3 at another address. */
  s3PublicEndpoint?: string;
  /** Public base of preview images; previews are served from the site origin under /previews/. */
  previewsBaseUrl: string;
  /** Which image AI provider answers each capability (IMAGE_AI_PROVIDER, IMAGE_AI_<CAPABILITY>). */
  imageAi: ImageAIRoutes;
  /** The replicate provider: token, models, inputs, prices (REPLICATE_*; README "Hosted AI"). */
  replicate: ReplicateConfig;
  /** Cognito user pool used to verify tokens. */
  userPoolId?: string;
  userPoolClientId?: string;
  /** Issuer override for a local Cognito (http), else derived from the pool id. */
  cognitoIssuer?: string;
  /** Cognito endpoint the browser uses on the site origin (the local stack's /cognito); unset in AWS. */
  cognitoPublicEndpoint?: string;
  /**
   * The user pool has no global sign-out (cognito-local): COGNITO_GLOBAL_SIGN_OUT=unsupported, which
   * only the local stack sets. Anywhere else account deletion signs the user out everywhere or fails.
   */
  globalSignOutUnsupported: boolean;
  /** The CloudFront distribution whose cached previews deletions invalidate; unset locally (no CDN). */
  cdnDistributionId?: string;
  /** Stripe keys given directly (local stack, tests)... */
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** ...or a Secrets Manager secret {"secretKey","webhookSecret"} read at cold start (AWS). */
  stripeSecretArn?: string;
  /** The key that signs visitor session tokens, given directly (local stack, tests)... */
  sessionSecret?: string;
  /** ...or a Secrets Manager secret holding it as a plain string, read on first use (AWS). */
  sessionSecretArn?: string;
  /** Another Stripe API host (the local fake, e.g. http://127.0.0.1:4242); unset = Stripe. */
  stripeApiBase?: string;
  /** Sender of transactional email (SES). */
  mailFrom?: string;
  /** Local stack: write emails as files here instead of sending them. */
  mailOutboxDir?: string;
  /** The site's origin when a request carries no Origin header. */
  siteUrl?: string;
  /** Powertools' log level (POWERTOOLS_LOG_LEVEL; its default is INFO). */
  logLevel: string;
  /**
   * Where a hosted AI provider posts when a prediction ends: AI_WEBHOOK_URL, else SITE_URL +
   * /api/ai/webhook, with WEBHOOK_KEY (the key the WAF and the local gateway want) when it is set.
   */
  aiWebhookUrl: string;
  /** The pack queue: set only where packs are queued (the admin routes, the pack worker). */
  packQueueUrl?: string;
  /** Hourly quotas: shared/rules/quotas.ts, each overridable by QUOTA_<ACTION>_PER_HOUR. */
  quotas: QuotaLimits;
  /** The value CloudFront sends in ORIGIN_VERIFY_HEADER (ORIGIN_VERIFY; set in AWS only, unchecked when unset). */
  originVerify?: string;
  /** CloudWatch namespace of the business metrics (POWERTOOLS_METRICS_NAMESPACE; set in AWS only). */
  metricsNamespace?: string;
  /** The one address that may claim first-admin setup (ADMIN_EMAIL, lower-cased); unset = nobody. */
  adminEmail?: string;
  /** SELL_SIMULATED_AGES=true: sell age HD made by the offline engine even with live payment keys. */
  sellSimulatedAges: boolean;
  /** HIDE_AUTH_BUTTONS=true: the header shows neither Login nor the account buttons (GET /api/config says so). */
  hideAuthButtons: boolean;
  /**
   * The age test's demo image (AGE_TEST_DEMO_IMAGE). A value of no known form is kept with its
   * problem rather than stopping the container: the test page and the go-live checklist say it.
   */
  ageTestDemoImage?: DemoImageSetting;
};

const required = z.string({ error: 'is not set' });
const text = z.string().optional();
const flag = z
  .enum(['true', 'false'], { error: (issue) => `must be true or false; got "${String(issue.input)}"` })
  .default('false')
  .transform((value) => value === 'true');
const provider = z.enum(IMAGE_AI_PROVIDERS, {
  error: (issue) => `must be one of ${IMAGE_AI_PROVIDERS.join(', ')}; got "${String(issue.input)}"`,
});

/** `removeBackground` -> `IMAGE_AI_REMOVE_BACKGROUND`. */
export const imageAiVariableOf = (capability: ImageCapability) =>
  `IMAGE_AI_${capability.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * Every variable this file reads, with its rule. A wrong value stops the container at start with
 * every problem named, not per request. (REPLICATE_* and QUOTA_* are read by their own parsers.)
 */
const environment = z.object({
  AWS_REGION: text,
  AWS_DEFAULT_REGION: text,
  TABLE_NAME: required,
  UPLOADS_BUCKET: required,
  RENDERS_BUCKET: required,
  RENDER_QUEUE_URL: required,
  S3_FORCE_PATH_STYLE: text,
  S3_PUBLIC_ENDPOINT: text,
  PREVIEWS_BASE_URL: text,
  // IMAGE_AI_PROVIDER routes every capability; IMAGE_AI_<CAPABILITY> routes one elsewhere.
  IMAGE_AI_PROVIDER: provider.default('offline'),
  ...Object.fromEntries(
    IMAGE_CAPABILITIES.map((capability) => [imageAiVariableOf(capability), provider.optional()]),
  ),
  USER_POOL_ID: text,
  USER_POOL_CLIENT_ID: text,
  COGNITO_ISSUER: text,
  COGNITO_PUBLIC_ENDPOINT: text,
  COGNITO_GLOBAL_SIGN_OUT: text,
  CDN_DISTRIBUTION_ID: text,
  STRIPE_SECRET_KEY: text,
  STRIPE_WEBHOOK_SECRET: text,
  STRIPE_SECRET_ARN: text,
  STRIPE_API_BASE: text,
  SESSION_SECRET: text,
  SESSION_SECRET_ARN: text,
  MAIL_FROM: text,
  MAIL_OUTBOX_DIR: text,
  SITE_URL: text,
  POWERTOOLS_LOG_LEVEL: text,
  LOG_LEVEL: text,
  PACK_QUEUE_URL: text,
  AI_WEBHOOK_URL: text,
  WEBHOOK_KEY: text,
  POWERTOOLS_METRICS_NAMESPACE: text,
  ORIGIN_VERIFY: text,
  // A mistyped address would silently lock everyone out of first-admin setup.
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: (issue) => `is not an email address: "${String(issue.input)}"` }))
    .optional(),
  SELL_SIMULATED_AGES: flag,
  HIDE_AUTH_BUTTONS: flag,
  AGE_TEST_DEMO_IMAGE: text,
});

/** The environment checked against `environment`; an empty or blank variable counts as unset. */
function parseEnvironment(env: NodeJS.ProcessEnv) {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = environment.safeParse(set);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new Error(`Invalid environment: ${problems.join('; ')}`);
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnvironment(rawEnv);
  return {
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    tableName: env.TABLE_NAME,
    uploadsBucket: env.UPLOADS_BUCKET,
    rendersBucket: env.RENDERS_BUCKET,
    renderQueueUrl: env.RENDER_QUEUE_URL,
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    s3PublicEndpoint: env.S3_PUBLIC_ENDPOINT,
    previewsBaseUrl: env.PREVIEWS_BASE_URL ?? '',
    imageAi: Object.fromEntries(
      IMAGE_CAPABILITIES.map((capability) => [
        capability,
        // The schema checked these variables; their names are built, so its type cannot list them.
        (env as Record<string, unknown>)[imageAiVariableOf(capability)] ?? env.IMAGE_AI_PROVIDER,
      ]),
    ) as ImageAIRoutes,
    replicate: replicateConfigOf(rawEnv),
    userPoolId: env.USER_POOL_ID,
    userPoolClientId: env.USER_POOL_CLIENT_ID,
    cognitoIssuer: env.COGNITO_ISSUER,
    cognitoPublicEndpoint: env.COGNITO_PUBLIC_ENDPOINT,
    globalSignOutUnsupported: env.COGNITO_GLOBAL_SIGN_OUT === 'unsupported',
    cdnDistributionId: env.CDN_DISTRIBUTION_ID,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeSecretArn: env.STRIPE_SECRET_ARN,
    stripeApiBase: env.STRIPE_API_BASE,
    sessionSecret: env.SESSION_SECRET,
    sessionSecretArn: env.SESSION_SECRET_ARN,
    mailFrom: env.MAIL_FROM,
    mailOutboxDir: env.MAIL_OUTBOX_DIR,
    siteUrl: env.SITE_URL,
    logLevel: (env.POWERTOOLS_LOG_LEVEL ?? env.LOG_LEVEL ?? 'INFO').toUpperCase(),
    packQueueUrl: env.PACK_QUEUE_URL,
    aiWebhookUrl: keyedWebhookUrl(
      env.AI_WEBHOOK_URL ?? (env.SITE_URL ? new URL('/api/ai/webhook', env.SITE_URL).href : ''),
      env.WEBHOOK_KEY,
    ),
    quotas: quotasFrom(rawEnv),
    metricsNamespace: env.POWERTOOLS_METRICS_NAMESPACE,
    originVerify: env.ORIGIN_VERIFY,
    adminEmail: env.ADMIN_EMAIL,
    sellSimulatedAges: env.SELL_SIMULATED_AGES,
    hideAuthButtons: env.HIDE_AUTH_BUTTONS,
    ageTestDemoImage: env.AGE_TEST_DEMO_IMAGE ? demoImageSettingOf(env.AGE_TEST_DEMO_IMAGE) : undefined,
  };
}

/** Keys given directly say their mode; keys in Secrets Manager are read only at checkout (counted as live). */
export function paymentKeyModeFrom(
  config: Pick<AppConfig, 'stripeSecretKey' | 'stripeSecretArn'>,
): PaymentKeyMode {
  if (config.stripeSecretKey) return paymentKeyModeOf(config.stripeSecretKey);
  return config.stripeSecretArn ? 'unknown' : 'none';
}

export type AgeSaleConfig = Pick<
  AppConfig,
  'imageAi' | 'sellSimulatedAges' | 'stripeSecretKey' | 'stripeSecretArn'
>;

/** What this container knows of the age-sale rule before any checkout (shared/rules/age-sales.ts). */
export function ageSaleFactsOf(config: AgeSaleConfig): AgeSaleFacts {
  return {
    ageing: ageingEngine({ routes: config.imageAi }),
    payments: paymentKeyModeFrom(config),
    sellSimulatedAges: config.sellSimulatedAges,
  };
}

/**
 * What the browser needs to sign in, and whether the header offers it. A public endpoint means the
 * local Cognito, which has no SRP, so the browser signs in with USER_PASSWORD_AUTH there; in AWS it uses SRP.
 */
export function clientConfigOf(
  config: Pick<
    AppConfig,
    'region' | 'userPoolId' | 'userPoolClientId' | 'cognitoPublicEndpoint' | 'hideAuthButtons'
  > &
    AgeSaleConfig,
): ClientConfig {
  return {
    region: config.region,
    userPoolId: config.userPoolId ?? null,
    userPoolClientId: config.userPoolClientId ?? null,
    cognitoEndpoint: config.cognitoPublicEndpoint ?? null,
    authFlow: config.cognitoPublicEndpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
    ageHdOnSale: ageHdOnSale(ageSaleFactsOf(config)),
    hideAuthButtons: config.hideAuthButtons,
  };
}
