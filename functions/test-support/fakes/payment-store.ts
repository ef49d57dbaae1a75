/**
 * PaymentStore in memory with the conditions of adapters/dynamo/payment-store.ts: fulfilment is one
 * all-or-nothing step stopped by a fulfilled order, balances never go below zero, every balance
 * change has its ledger entry, and an older subscription event never overwrites a newer one.
 */
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type { CreditAccount, OrderRecord, PaymentStore } from '../../core/payments/payment-ports';
import type { Clock } from '../../core/ports';
import { ConditionalCheckFailed, checkTransactionSize, copy, defined, type FakeTable } from './table';

export function createFakePaymentStore(table: FakeTable, clock: Clock): PaymentStore {
  const now = () => clock.now().toISOString();
  const account = (userSub: string): CreditAccount =>
    table.credits.get(userSub) ?? { balance: 0, subscription: null };

  function changeBalance(userSub: string, delta: number, reason: string, ref: string): number {
    const current = account(userSub);
    const balanceAfter = current.balance + delta;
    table.credits.set(userSub, { ...current, balance: balanceAfter });
    const entries = table.ledger.get(userSub) ?? [];
    entries.push({ at: now(), delta, reason, ref, balanceAfter });
    table.ledger.set(userSub, entries);
    return balanceAfter;
  }

  return {
    async createOrder(order) {
      if (table.orders.has(order.sessionId))
        throw new ConditionalCheckFailed(`order ${order.sessionId} exists`);
      table.orders.set(order.sessionId, copy(defined(order)));
    },

    async getOrder(sessionId) {
      return copy(table.orders.get(sessionId) ?? null);
    },

    async fulfil({ order, unlockAges, newJobs, credits }) {
      checkTransactionSize(1 + unlockAges.length + newJobs.length + (credits > 0 ? 2 : 0));
      const stored = table.orders.get(order.sessionId);
      // A fulfilled order stops the whole transaction: a replay changes nothing.
      if (stored && stored.status !== 'pending') return false;
      const jobs = order.uploadId ? table.jobs.get(order.uploadId) : undefined;
      const unlockable = unlockAges.every((age) => jobs?.has(age));
      const creatable = newJobs.every((job) => !table.jobs.get(job.uploadId)?.has(job.age));
      if (!unlockable || !creatable) throw new ConcurrentChangeError();

      const at = now();
      const fulfilled: OrderRecord = {
        ...stored,
        ...defined(order),
        status: 'fulfilled',
        fulfilledAt: at,
        // Written at checkout; an order checkout lost is created now.
        createdAt: stored?.createdAt ?? at,
      };
      table.orders.set(order.sessionId, copy(fulfilled));
      for (const age of unlockAges) {
        const job = jobs!.get(age)!;
        Object.assign(job, { hdUnlocked: true, unlockedBy: order.sessionId, updatedAt: at });
        delete job.expiresAt; // a paid HD file must not expire
      }
      for (const job of newJobs) {
        if (!table.jobs.has(job.uploadId)) table.jobs.set(job.uploadId, new Map());
        table.jobs.get(job.uploadId)!.set(job.age, copy(defined({ ...job, unlockedBy: order.sessionId })));
      }
      if (credits > 0) changeBalance(order.userSub, credits, order.productId, order.sessionId);
      return true;
    },

    async hasProcessedEvent(eventId) {
      return table.events.has(eventId);
    },

    async recordEvent(eventId, type) {
      if (!table.events.has(eventId)) table.events.set(eventId, { type, processedAt: now() });
    },

    async getCredits(userSub) {
      return copy(account(userSub));
    },

    async eraseOrderEmails(userSub, orderIds) {
      // The buyer's orders, as the owner index lists them, and the ids the caller knows.
      const ids = new Set([
        ...[...table.orders.values()].filter((order) => order.userSub === userSub).map((o) => o.sessionId),
        ...orderIds,
      ]);
      let erased = 0;
      for (const id of ids) {
        const order = table.orders.get(id);
        if (order?.userSub !== userSub || order.email === undefined) continue;
        delete order.email;
        erased++;
      }
      return erased;
    },

    async listLedger(userSub, limit) {
      return copy([...(table.ledger.get(userSub) ?? [])].reverse().slice(0, limit));
    },

    async debit(userSub, amount, reason, ref) {
      if (account(userSub).balance < amount) return null;
      return changeBalance(userSub, -amount, reason, ref);
    },

    async applySubscription(userSub, state, eventCreated) {
      const current = account(userSub);
      if (current.subscription && current.subscription.eventCreated > eventCreated) return false;
      const { id, status, currentPeriodEnd, cancelAtPeriodEnd } = state;
      table.credits.set(userSub, {
        balance: current.balance,
        subscription: { id, status, currentPeriodEnd, cancelAtPeriodEnd, eventCreated },
      });
      return true;
    },
  };
}
