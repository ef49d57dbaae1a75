/**
 * Balances and their ledger on the in-memory table, as adapters/dynamo/credit-items.ts keeps them:
 * every change with its ledger entry, and a charge that never takes the balance below zero.
 */
import type { CreditAccount, CreditCharge, LedgerReason } from '../../core/payments/payment-ports';
import type { Clock } from '../../core/ports';
import type { FakeTable } from './table';

export function fakeCredits(table: FakeTable, clock: Clock) {
  const account = (userSub: string): CreditAccount =>
    table.credits.get(userSub) ?? { balance: 0, subscription: null };

  function changeBalance(userSub: string, delta: number, reason: LedgerReason, ref: string): number {
    const current = account(userSub);
    const balanceAfter = current.balance + delta;
    table.credits.set(userSub, { ...current, balance: balanceAfter });
    const entries = table.ledger.get(userSub) ?? [];
    entries.push({ at: clock.now().toISOString(), delta, reason, ref, balanceAfter });
    table.ledger.set(userSub, entries);
    return balanceAfter;
  }

  /** Whether the balance covers the charge (always, under the subscription). */
  const covers = (userSub: string, charge: CreditCharge) =>
    charge.via === 'subscription' || account(userSub).balance >= charge.amount;

  /** Takes what `covers` allowed: the balance after it, or null under the subscription. */
  const take = (userSub: string, charge: CreditCharge, ref: string): number | null =>
    charge.via === 'credits' ? changeBalance(userSub, -charge.amount, charge.use, ref) : null;

  return { account, changeBalance, covers, take };
}
