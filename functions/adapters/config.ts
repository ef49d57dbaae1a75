import { keyedWebhookUrl } from '@shared/deployment';
import {
  type AgeSaleFacts,
  ageHdOnSale,
  type PaymentKeyMode,
  paymentKeyModeOf,
} from '@shared/rules/age-sales';
import { type QuotaLimits, quotasFrom } from '@shared/rules/quotas';
import type { ClientConfig } from '@shared/schemas/account';
import { z } from 'zod';
import {
  ageingEngine,
  IMAGE_AI_PROVIDERS,
  IMAGE_CAPABILITIES,
  type ImageAIProvider,
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
};

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    tableName: required(env, 'TABLE_NAME'),
    uploadsBucket: required(env, 'UPLOADS_BUCKET'),
    rendersBucket: required(env, 'RENDERS_BUCKET'),
    renderQueueUrl: required(env, 'RENDER_QUEUE_URL'),
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    s3PublicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
    previewsBaseUrl: env.PREVIEWS_BASE_URL ?? '',
    imageAi: imageAiRoutesOf(env),
    replicate: replicateConfigOf(env),
    userPoolId: env.USER_POOL_ID || undefined,
    userPoolClientId: env.USER_POOL_CLIENT_ID || undefined,
    cognitoIssuer: env.COGNITO_ISSUER || undefined,
    cognitoPublicEndpoint: env.COGNITO_PUBLIC_ENDPOINT || undefined,
    globalSignOutUnsupported: env.COGNITO_GLOBAL_SIGN_OUT === 'unsupported',
    cdnDistributionId: env.CDN_DISTRIBUTION_ID || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeSecretArn: env.STRIPE_SECRET_ARN || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    sessionSecretArn: env.SESSION_SECRET_ARN || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    mailOutboxDir: env.MAIL_OUTBOX_DIR || undefined,
    siteUrl: env.SITE_URL || undefined,
    logLevel: (env.POWERTOOLS_LOG_LEVEL || env.LOG_LEVEL || 'INFO').toUpperCase(),
    packQueueUrl: env.PACK_QUEUE_URL || undefined,
    aiWebhookUrl: keyedWebhookUrl(
      env.AI_WEBHOOK_URL || (env.SITE_URL ? new URL('/api/ai/webhook', env.SITE_URL).href : ''),
      env.WEBHOOK_KEY,
    ),
    quotas: quotasFrom(env),
    metricsNamespace: env.POWERTOOLS_METRICS_NAMESPACE || undefined,
    originVerify: env.ORIGIN_VERIFY || undefined,
    adminEmail: adminEmailOf(env.ADMIN_EMAIL),
    sellSimulatedAges: flagOf(env, 'SELL_SIMULATED_AGES'),
  };
}

/** A mistyped address would silently lock everyone out of setup: it stops the container instead. */
function adminEmailOf(value: string | undefined): string | undefined {
  const email = value?.trim().toLowerCase();
  if (!email) return undefined;
  if (!z.email().safeParse(email).success) throw new Error(`ADMIN_EMAIL is not an email address: "${value}"`);
  return email;
}

function flagOf(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name] || 'false';
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false; got "${value}"`);
  return value === 'true';
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

/** `removeBackground` -> `IMAGE_AI_REMOVE_BACKGROUND`. */
export const imageAiVariableOf = (capability: ImageCapability) =>
  `IMAGE_AI_${capability.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * The one place the provider switch is read: IMAGE_AI_PROVIDER (default `offline`) for every
 * capability, and IMAGE_AI_<CAPABILITY> to route one capability elsewhere (ages hosted,
 * background removal offline...). An unknown name stops the container at start, not per job.
 */
function imageAiRoutesOf(env: NodeJS.ProcessEnv): ImageAIRoutes {
  const providerOf = (variable: string, fallback: ImageAIProvider): ImageAIProvider => {
    const value = env[variable] || fallback;
    if (!(IMAGE_AI_PROVIDERS as readonly string[]).includes(value)) {
      throw new Error(`${variable} must be one of ${IMAGE_AI_PROVIDERS.join(', ')}; got "${value}"`);
    }
    return value as ImageAIProvider;
  };
  const fallback = providerOf('IMAGE_AI_PROVIDER', 'offline');
  return Object.fromEntries(
    IMAGE_CAPABILITIES.map((capability) => [capability, providerOf(imageAiVariableOf(capability), fallback)]),
  ) as Record<ImageCapability, ImageAIProvider>;
}

/**
 * What the browser needs to sign in. A public endpoint means the local Cognito, which has no SRP,
 * so the browser signs in with USER_PASSWORD_AUTH there; in AWS it uses SRP.
 */
export function clientConfigOf(
  config: Pick<AppConfig, 'region' | 'userPoolId' | 'userPoolClientId' | 'cognitoPublicEndpoint'> &
    AgeSaleConfig,
): ClientConfig {
  return {
    region: config.region,
    userPoolId: config.userPoolId ?? null,
    userPoolClientId: config.userPoolClientId ?? null,
    cognitoEndpoint: config.cognitoPublicEndpoint ?? null,
    authFlow: config.cognitoPublicEndpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
    ageHdOnSale: ageHdOnSale(ageSaleFactsOf(config)),
  };
}
