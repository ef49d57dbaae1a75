/**
 * The Payments the config asks for: keys given directly (local stack, tests), keys in a Secrets
 * Manager secret loaded once on first use (AWS), or none (checkout answers "unavailable").
 */
import type { AwsCredentialIdentity } from '@smithy/types';
import { DomainError } from '../../core/errors';
import type { Payments } from '../../core/payments/payment-ports';
import type { AppConfig } from '../config';
import { cachedSecret } from '../secrets/secrets-manager';
import { createStripePayments, unconfiguredPayments } from './stripe-payments';

type StripeKeys = { secretKey: string; webhookSecret: string };

/** `credentials`: the Lambda's own where the local stack gives it some; unset, the SDK's default chain. */
export function paymentsFromConfig(config: AppConfig, credentials?: AwsCredentialIdentity): Payments {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    return createStripePayments({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
      apiBase: config.stripeApiBase,
    });
  }
  if (config.stripeSecretArn) {
    const keys = cachedSecret(config.stripeSecretArn, stripeKeysOf, { region: config.region, credentials });
    return lazyPayments(async () => createStripePayments(await keys()));
  }
  return unconfiguredPayments;
}

/** The stack creates the secret empty; until an operator fills it in, payments are unavailable. */
function stripeKeysOf(secretString: string): StripeKeys {
  const keys = JSON.parse(secretString || '{}') as Partial<StripeKeys>;
  if (!keys.secretKey || !keys.webhookSecret) throw new DomainError('unavailable', 'paymentsUnavailable');
  return { secretKey: keys.secretKey, webhookSecret: keys.webhookSecret };
}

/** Loads the real Payments once, on the first call; a failed load is retried on the next call. */
function lazyPayments(load: () => Promise<Payments>): Payments {
  let loading: Promise<Payments> | undefined;
  const get = () => {
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    createCheckoutSession: async (request) => (await get()).createCheckoutSession(request),
    retrieveCheckoutSession: async (id) => (await get()).retrieveCheckoutSession(id),
    parseWebhook: async (body, signature) => (await get()).parseWebhook(body, signature),
    retrieveSubscription: async (id) => (await get()).retrieveSubscription(id),
    cancelAtPeriodEnd: async (id) => (await get()).cancelAtPeriodEnd(id),
    cancelSubscriptionNow: async (id) => (await get()).cancelSubscriptionNow(id),
    expireCheckoutSession: async (id) => (await get()).expireCheckoutSession(id),
    paymentIntentOf: async (payment) => (await get()).paymentIntentOf(payment),
    refund: async (request) => (await get()).refund(request),
    keyMode: async () => (await get()).keyMode(),
  };
}
