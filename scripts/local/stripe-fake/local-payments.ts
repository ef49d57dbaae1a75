/**
 * Payments on the local stack: the fake of Stripe's API (its test checkout posts signed events to
 * our webhook) and a file outbox for email, with the environment the handlers read for both.
 * Used by `npm start` and by the integration tests' global setup.
 */
import path from 'node:path';
import { routes } from '@shared/api';
import { keyedWebhookUrl } from '@shared/deployment';
import { type StripeFake, startStripeFake } from './stripe-fake';

/** Keys of the local Stripe fake: test-mode shaped, valid nowhere else. */
export const LOCAL_STRIPE = {
  secretKey: 'sk_test_local_little_futures',
  webhookSecret: 'whsec_local_little_futures',
};

export type StripeKeys = { secretKey: string; webhookSecret: string };

export type LocalPayments = { stripe: StripeFake; outboxDir: string; env: Record<string, string> };

export async function startLocalPayments(opts: {
  dataDir: string;
  /** The app's origin, known only once the gateway listens (so a function). */
  appUrl: () => string;
  /** The gateway's webhook key (WEBHOOK_KEY): part of the endpoint URL, as registered at Stripe. */
  webhookKey?: string;
  log?: (line: string) => void;
  /** Default the test keys above; a test gives live-shaped ones to see what live keys change. */
  keys?: StripeKeys;
}): Promise<LocalPayments> {
  const keys = opts.keys ?? LOCAL_STRIPE;
  const stripe = await startStripeFake({
    ...keys,
    webhookUrl: () => keyedWebhookUrl(`${opts.appUrl()}${routes.stripeWebhook.path}`, opts.webhookKey),
    log: opts.log,
  });
  const outboxDir = path.join(opts.dataDir, 'outbox');
  return {
    stripe,
    outboxDir,
    env: {
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      MAIL_OUTBOX_DIR: outboxDir,
      MAIL_FROM: 'Little Futures <hello@localhost>',
    },
  };
}
