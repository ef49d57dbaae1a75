/**
 * PaymentStore in memory with the conditions of adapters/dynamo/payment-store.ts: fulfilment is one
 * all-or-nothing step stopped by a fulfilled order, balances never go below zero, every balance
 * change has its ledger entry, and an older subscription event never overwrites a newer one.
 */
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type { OrderRecord, PaymentStore } from '../../core/payments/payment-ports';
import type { RefundRecord, Revocation, TakeBack } from '../../core/payments/refund-ports';
import type { Clock } from '../../core/ports';
import { fakeCredits } from './credits';
import { checkTransactionSize, copy, defined, type FakeTable } from './table';

export function createFakePaymentStore(table: FakeTable, clock: Clock): PaymentStore {
  const now = () => clock.now().toISOString();
  const { account, changeBalance } = fakeCredits(table, clock);

  function putRefund(refund: RefundRecord) {
    if (!table.refunds.has(refund.ref)) table.refunds.set(refund.ref, new Map());
    table.refunds.get(refund.ref)!.set(refund.part, copy(defined(refund)));
  }

  /** All or nothing, like the transaction: every job still unlocked by the order, the balance unchanged. */
  function applyTakeBack(takeBack: TakeBack, reason: Revocation['cause'], ref: string) {
    const jobs = takeBack.uploadId ? table.jobs.get(takeBack.uploadId) : undefined;
    const held = takeBack.ages.every((age) => {
      const job = jobs?.get(age);
      return job?.hdUnlocked && job.unlockedBy === takeBack.sessionId;
    });
    if (!held || (takeBack.credits > 0 && account(takeBack.userSub).balance !== takeBack.balanceBefore))
      throw new ConcurrentChangeError();
    for (const age of takeBack.ages) Object.assign(jobs!.get(age)!, { hdUnlocked: false, updatedAt: now() });
    if (takeBack.credits > 0) changeBalance(takeBack.userSub, -takeBack.credits, reason, ref);
    const order = table.orders.get(takeBack.sessionId);
    if (order) {
      order.revokedAges = [...(order.revokedAges ?? []), ...takeBack.ages];
      order.revokedCredits = (order.revokedCredits ?? 0) + takeBack.credits;
    }
  }

  return {
    async createOrder(order) {
      // As in DynamoDB: an order already there (the same write resent) is kept as it is.
      if (!table.orders.has(order.sessionId)) table.orders.set(order.sessionId, copy(defined(order)));
    },

    async getOrder(sessionId) {
      return copy(table.orders.get(sessionId) ?? null);
    },

    async fulfil({ order, unlockAges, newJobs, credits, refund }) {
      checkTransactionSize(
        1 +
          unlockAges.length +
          newJobs.length +
          (credits > 0 ? 2 : 0) +
          (refund ? 1 : 0) +
          (order.paymentIntentId ? 1 : 0),
      );
      const stored = table.orders.get(order.sessionId);
      // A fulfilled order stops the whole transaction: a replay changes nothing.
      if (stored && stored.status !== 'pending') return false;
      const jobs = order.uploadId ? table.jobs.get(order.uploadId) : undefined;
      // An age unlocked meanwhile (another order) is planned again: this order may have bought nothing.
      const unlockable = unlockAges.every((age) => jobs?.has(age) && !jobs.get(age)!.hdUnlocked);
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
      if (refund) putRefund(refund);
      if (order.paymentIntentId) table.payments.set(order.paymentIntentId, order.sessionId);
      return true;
    },

    async findOrderByPayment(paymentIntentId) {
      const sessionId = table.payments.get(paymentIntentId);
      return copy((sessionId && table.orders.get(sessionId)) || null);
    },

    async refundRefOfPayment(paymentIntentId) {
      return table.refundedPayments.get(paymentIntentId) ?? null;
    },

    async recordRefund(refund, takeBack) {
      if (table.refunds.get(refund.ref)?.has(refund.part)) return false;
      if (takeBack) applyTakeBack(takeBack, 'refund', refund.ref);
      putRefund(refund);
      if (refund.paymentIntentId) table.refundedPayments.set(refund.paymentIntentId, refund.ref);
      return true;
    },

    async markRefunded(ref, part, refundId) {
      const refund = table.refunds.get(ref)?.get(part);
      if (refund) Object.assign(refund, { status: 'refunded', refundId });
    },

    async listRefunds(ref) {
      return copy([...(table.refunds.get(ref)?.values() ?? [])]);
    },

    async revoke(revocation, takeBack) {
      if (table.revocations.has(revocation.sessionId)) return false;
      applyTakeBack(takeBack, revocation.cause, revocation.eventId);
      table.revocations.add(revocation.sessionId);
      return true;
    },

    async getSubscriptionCheckout(userSub) {
      const sessionId = table.subscriptionCheckouts.get(userSub);
      return sessionId ? { sessionId } : null;
    },

    async claimSubscriptionCheckout(userSub, sessionId, replacing) {
      if ((table.subscriptionCheckouts.get(userSub) ?? null) !== replacing) return false;
      table.subscriptionCheckouts.set(userSub, sessionId);
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

    async eraseOrderEmails(userSub) {
      // The buyer's orders, as the owner index lists them.
      let erased = 0;
      for (const order of table.orders.values()) {
        if (order.userSub !== userSub || order.email === undefined) continue;
        delete order.email;
        erased++;
      }
      return erased;
    },

    async listLedger(userSub, limit) {
      return copy([...(table.ledger.get(userSub) ?? [])].reverse().slice(0, limit));
    },

    async applySubscription(userSub, state, eventCreated, expectedId) {
      const current = account(userSub);
      if (current.subscription && current.subscription.eventCreated > eventCreated) return false;
      if (expectedId !== undefined && (current.subscription?.id ?? null) !== expectedId) return false;
      const { id, status, currentPeriodEnd, cancelAtPeriodEnd } = state;
      table.credits.set(userSub, {
        balance: current.balance,
        subscription: { id, status, currentPeriodEnd, cancelAtPeriodEnd, eventCreated },
      });
      return true;
    },
  };
}
