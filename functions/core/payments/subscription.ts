/** The monthly plan: unlimited HD while the subscription is live and its period has not ended. */
import type { CreditAccount } from './payment-ports';

/** Stripe statuses in which the customer keeps the service (past_due: Stripe is still retrying). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

export function subscriptionIsActive(subscription: CreditAccount['subscription'], now: Date): boolean {
  if (!subscription) return false;
  return LIVE_STATUSES.has(subscription.status) && subscription.currentPeriodEnd * 1000 > now.getTime();
}
