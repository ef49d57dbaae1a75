/**
 * HD credits: the balance and subscription a parent sees, what a paid action costs (every HD
 * keepsake and export asks `chargeFor`) and cancelling the plan. Credits never expire.
 */
import { CREDIT_PRICES, type CreditUse } from '@shared/catalog';
import type { CreditsView } from '@shared/schemas/payments';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal } from '../ports';
import { requireUser } from '../uploads/ownership';
import type { CreditCharge } from './payment-ports';
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

/**
 * What one paid action costs now: nothing under a live subscription, else its catalog price, which
 * the balance must cover. Decided before the costly work; the transaction that records what was
 * paid for takes the credits for real (CreditCharge).
 */
export async function chargeFor(
  deps: Pick<Deps, 'clock' | 'paymentStore'>,
  userSub: string,
  use: CreditUse,
): Promise<CreditCharge> {
  const account = await deps.paymentStore.getCredits(userSub);
  if (subscriptionIsActive(account.subscription, deps.clock.now())) return { via: 'subscription' };
  const amount = CREDIT_PRICES[use];
  if (account.balance < amount) throw new DomainError('payment_required', 'notEnoughCredits');
  return { via: 'credits', use, amount };
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
