/**
 * Payments on the local stack: the fake of Stripe's API (its test checkout posts signed events to
 * our webhook) and a file outbox for email, with the environment the handlers read for both.
 * Used by `npm start` and by the integration tests' global setup.
 */
import path from 'node:path';
import { routes } from '@shared/api';
import { type StripeFake, startStripeFake } from './stripe-fake';

/** Keys of the local Stripe fake: test-mode shaped, valid nowhere else. */
export const LOCAL_STRIPE = {
  secretKey: 'sk_test_local_little_futures',
  webhookSecret: 'whsec_local_little_futures',
};

export type LocalPayments = { stripe: StripeFake; outboxDir: string; env: Record<string, string> };

export async function startLocalPayments(opts: {
  dataDir: string;
  /** The app's origin, known only once the gateway listens (so a function). */
  appUrl: () => string;
  log?: (line: string) => void;
}): Promise<LocalPayments> {
  const stripe = await startStripeFake({
    ...LOCAL_STRIPE,
    webhookUrl: () => `${opts.appUrl()}${routes.stripeWebhook.path}`,
    log: opts.log,
  });
  const outboxDir = path.join(opts.dataDir, 'outbox');
  return {
    stripe,
    outboxDir,
    env: {
      STRIPE_SECRET_KEY: LOCAL_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      MAIL_OUTBOX_DIR: outboxDir,
      MAIL_FROM: 'Little Futures <hello@localhost>',
    },
  };
}
