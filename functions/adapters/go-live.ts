/**
 * The go-live checklist's badges (/admin/production-checklist), read from the configuration this
 * container started with: what is really set, never a static "ready".
 */
import { ageHdOnSale } from '@shared/rules/age-sales';
import { DEMO_IMAGE_FORMS, describeDemoImage } from '@shared/rules/demo-image';
import type { GoLiveConfig, GoLiveItem } from '@shared/schemas/admin';
import { IMAGE_CAPABILITIES } from '../core/image-ai';
import { type AppConfig, ageSaleFactsOf } from './config';

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
  | 'adminEmail'
  | 'sellSimulatedAges'
  | 'hideAuthButtons'
  | 'ageTestDemoImage'
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

/** Without a named address nobody can claim /admin/grant: the operator pages stay out of reach. */
function firstAdmin({ adminEmail }: GoLiveFacts): GoLiveItem {
  const base = { id: 'first-admin', title: 'First admin (/admin/grant)' };
  if (adminEmail) return { ...base, value: `claimable by ${adminEmail} only`, status: 'ok' };
  return {
    ...base,
    value: 'no address named: nobody can claim it',
    status: 'blocker',
    hint: 'Deploy with -c adminEmail=<your address> (ADMIN_EMAIL), or add admins with npm run admin:grant.',
  };
}

const HOSTED_AGEING_HINT = 'Route ageing to a hosted provider (-c imageAiAgeProgress=replicate).';

/** The offline engine's previews are a simulation: never sold as a prediction for real money by default. */
function ageSales(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'age-sales', title: 'HD age products' };
  const sale = ageSaleFactsOf(facts);
  if (sale.ageing === 'hosted') return { ...base, value: 'on sale (hosted ageing)', status: 'ok' };
  if (sale.payments === 'none') return { ...base, value: 'nothing is sold (no Stripe keys)', status: 'off' };
  if (sale.sellSimulatedAges) {
    return {
      ...base,
      value: 'on sale on the offline simulation (SELL_SIMULATED_AGES=true)',
      status: 'warn',
      hint: `Parents pay for a simulation, not a prediction. ${HOSTED_AGEING_HINT}`,
    };
  }
  if (!ageHdOnSale(sale)) {
    return {
      ...base,
      value: `age products on the offline simulation with live keys${sale.payments === 'unknown' ? ' (keys from Secrets Manager count as live)' : ''}: not sold, Moments offered instead`,
      status: 'blocker',
      hint: `${HOSTED_AGEING_HINT} Or, knowingly, sell the simulation with -c sellSimulatedAges=true (SELL_SIMULATED_AGES).`,
    };
  }
  return {
    ...base,
    value: 'on sale on the offline simulation (test keys only)',
    status: 'warn',
    hint: `With live keys they will not be sold. ${HOSTED_AGEING_HINT}`,
  };
}

/** Either way is a fine choice for going live: the badge only says which one is in force. */
function authButtons({ hideAuthButtons }: GoLiveFacts): GoLiveItem {
  return {
    id: 'auth-buttons',
    title: 'Sign-in buttons in the header',
    value: hideAuthButtons
      ? 'hidden (HIDE_AUTH_BUTTONS=true): /auth and the account pages open by URL only'
      : 'shown (Login, or the account and Sign out)',
    status: 'ok',
  };
}

/** Only the operators' age test uses it: unset is fine, an unusable value is worth fixing. */
function ageTestDemoImage({ ageTestDemoImage: setting }: GoLiveFacts): GoLiveItem {
  const base = { id: 'age-test-demo-image', title: 'Age test demo image (/admin/test-age-transform)' };
  const hint = `Set AGE_TEST_DEMO_IMAGE (context ageTestDemoImage) to ${DEMO_IMAGE_FORMS}.`;
  if (!setting) return { ...base, value: 'not set: the page takes an upload only', status: 'off', hint };
  if (setting.kind === 'invalid') return { ...base, value: describeDemoImage(setting), status: 'warn', hint };
  return { ...base, value: describeDemoImage(setting), status: 'ok' };
}

export function goLiveOf(facts: GoLiveFacts): GoLiveConfig {
  return {
    items: [
      logLevel(facts),
      email(facts),
      payments(facts),
      imageAi(facts),
      ageSales(facts),
      signIn(facts),
      firstAdmin(facts),
      siteUrl(facts),
      authButtons(facts),
      ageTestDemoImage(facts),
    ],
  };
}
