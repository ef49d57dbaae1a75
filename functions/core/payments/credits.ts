/**
 * HD credits: the balance and subscription a parent sees, spending credits (Moments HD exports
 * call this) and cancelling the plan. Credits never expire.
 */
import type { CreditsView } from '@shared/schemas/payments';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal } from '../ports';
import { requireUser } from '../uploads/ownership';
import { subscriptionIsActive } from './subscription';

const LEDGER_SHOWN = 20;

export async function getCreditsView(
  deps: Pick<Deps, 'clock' | 'paymentStore'>,
  principal: Principal,
): Promise<CreditsView> {
  const user = requireUser(principal);
  const [account, ledger] = await Promise.all([
    deps.paymentStore.getCredits(user.sub),
    deps.paymentStore.listLedger(user.sub, LEDGER_SHOWN),
  ]);
  const { subscription } = account;
  return {
    balance: account.balance,
    subscription: subscription && {
      status: subscription.status,
      active: subscriptionIsActive(subscription, deps.clock.now()),
      currentPeriodEnd: new Date(subscription.currentPeriodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    },
    ledger: ledger.map(({ at, delta, reason, balanceAfter }) => ({ at, delta, reason, balanceAfter })),
  };
}

export type Spent = { via: 'subscription' } | { via: 'credits'; balance: number };

/**
 * Pays for `amount` HD outputs: free while the subscription is live, else from the balance in one
 * transaction that can never take it below zero.
 */
export async function spendCredits(
  deps: Pick<Deps, 'clock' | 'paymentStore'>,
  userSub: string,
  amount: number,
  use: { reason: string; ref: string },
): Promise<Spent> {
  if (!Number.isInteger(amount) || amount <= 0) throw new DomainError('invalid', 'invalidRequest');
  const { subscription } = await deps.paymentStore.getCredits(userSub);
  if (subscriptionIsActive(subscription, deps.clock.now())) return { via: 'subscription' };
  const balance = await deps.paymentStore.debit(userSub, amount, use.reason, use.ref);
  if (balance === null) throw new DomainError('conflict', 'notEnoughCredits');
  return { via: 'credits', balance };
}

/** "Cancel anytime": the plan runs to the end of the paid period, then ends. */
export async function cancelSubscription(
  deps: Pick<Deps, 'clock' | 'paymentStore' | 'payments'>,
  principal: Principal,
) {
  const user = requireUser(principal);
  const { subscription } = await deps.paymentStore.getCredits(user.sub);
  if (!subscription || !subscriptionIsActive(subscription, deps.clock.now())) {
    throw new DomainError('conflict', 'noSubscription');
  }
  const state = await deps.payments.cancelAtPeriodEnd(subscription.id);
  // The provider's webhook says the same; applying it now shows the change at once.
  await deps.paymentStore.applySubscription(
    user.sub,
    { ...state, userSub: user.sub },
    Math.floor(deps.clock.now().getTime() / 1000),
  );
  return { ok: true as const };
}
