/**
 * The go-live checklist's badges (/admin/production-checklist), read from the configuration this
 * container started with: what is really set, never a static "ready".
 */
import type { GoLiveConfig, GoLiveItem } from '@shared/schemas/admin';
import { IMAGE_CAPABILITIES } from '../core/image-ai';
import type { AppConfig } from './config';

type GoLiveFacts = Pick<
  AppConfig,
  | 'logLevel'
  | 'mailFrom'
  | 'mailOutboxDir'
  | 'stripeSecretKey'
  | 'stripeSecretArn'
  | 'stripeApiBase'
  | 'imageAi'
  | 'replicate'
  | 'aiWebhookUrl'
  | 'userPoolId'
  | 'siteUrl'
>;

const QUIET_LEVELS = ['INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'];

function logLevel({ logLevel }: GoLiveFacts): GoLiveItem {
  const quiet = QUIET_LEVELS.includes(logLevel);
  return {
    id: 'log-level',
    title: 'Log level',
    value: logLevel,
    status: quiet ? 'ok' : 'warn',
    ...(quiet
      ? {}
      : { hint: 'Set POWERTOOLS_LOG_LEVEL to INFO or quieter: debug logs cost money and may hold details.' }),
  };
}

function email(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'email', title: 'Emails' };
  if (facts.mailOutboxDir) {
    return {
      ...base,
      value: `local outbox (${facts.mailOutboxDir})`,
      status: 'warn',
      hint: 'Set MAIL_FROM to an SES-verified sender.',
    };
  }
  if (facts.mailFrom) return { ...base, value: `SES from ${facts.mailFrom}`, status: 'ok' };
  return {
    ...base,
    value: 'not configured (emails are only logged)',
    status: 'off',
    hint: 'Set MAIL_FROM to an SES-verified sender.',
  };
}

function payments(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'payments', title: 'Payments' };
  if (facts.stripeApiBase) {
    return {
      ...base,
      value: `local test checkout (${facts.stripeApiBase})`,
      status: 'warn',
      hint: 'Unset STRIPE_API_BASE and use live Stripe keys.',
    };
  }
  if (facts.stripeSecretKey?.startsWith('sk_live_') || facts.stripeSecretKey?.startsWith('rk_live_')) {
    return { ...base, value: 'Stripe live mode', status: 'ok' };
  }
  if (facts.stripeSecretKey) {
    return { ...base, value: 'Stripe test mode', status: 'warn', hint: 'Use a live secret key (sk_live_…).' };
  }
  if (facts.stripeSecretArn) {
    return { ...base, value: 'Stripe keys from Secrets Manager (mode known at checkout)', status: 'ok' };
  }
  return {
    ...base,
    value: 'not configured',
    status: 'off',
    hint: 'Put the Stripe keys in the StripeSecretArn secret.',
  };
}

const REPLICATE_API = 'https://api.replicate.com/v1';

function imageAi(facts: GoLiveFacts): GoLiveItem {
  const routes = IMAGE_CAPABILITIES.map((capability) => `${capability}: ${facts.imageAi[capability]}`);
  const base = { id: 'ai-provider', title: 'AI provider', value: routes.join(', ') };
  if (facts.imageAi.ageProgress === 'offline') {
    return {
      ...base,
      status: 'warn',
      hint: 'Ageing runs offline (an approximation): route IMAGE_AI_AGE_PROGRESS to a hosted provider.',
    };
  }
  const { apiBase, apiToken, secretArn } = facts.replicate;
  const problems = [
    !apiToken && !secretArn && 'set REPLICATE_SECRET_ARN (or REPLICATE_API_TOKEN): no token is configured',
    apiBase !== REPLICATE_API && `REPLICATE_API_BASE points at ${apiBase}, not Replicate`,
    !facts.aiWebhookUrl.startsWith('https://') &&
      `the webhook address (${facts.aiWebhookUrl || 'unset'}) is not public HTTPS: set SITE_URL`,
  ].filter(Boolean);
  return problems.length
    ? { ...base, status: 'warn', hint: `Hosted ageing: ${problems.join('; ')}.` }
    : { ...base, value: `${base.value} (webhook ${facts.aiWebhookUrl})`, status: 'ok' };
}

function signIn(facts: GoLiveFacts): GoLiveItem {
  return facts.userPoolId
    ? { id: 'sign-in', title: 'Sign-in', value: `Cognito pool ${facts.userPoolId}`, status: 'ok' }
    : { id: 'sign-in', title: 'Sign-in', value: 'no user pool', status: 'off', hint: 'Set USER_POOL_ID.' };
}

function siteUrl(facts: GoLiveFacts): GoLiveItem {
  const https = facts.siteUrl?.startsWith('https://') ?? false;
  return {
    id: 'site-url',
    title: 'Site address (checkout returns here)',
    value: facts.siteUrl ?? 'not set (a loopback page origin only)',
    status: https ? 'ok' : 'warn',
    ...(https ? {} : { hint: 'Set SITE_URL to the https:// address of the site.' }),
  };
}

export function goLiveOf(facts: GoLiveFacts): GoLiveConfig {
  return {
    items: [logLevel(facts), email(facts), payments(facts), imageAi(facts), signIn(facts), siteUrl(facts)],
  };
}
