import { describe, expect, it } from 'vitest';
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type { FulfilmentPlan, OrderRecord, SubscriptionState } from '../../core/payments/payment-ports';
import { jobRecord, orderRecord, readyUpload, sessionOwner } from '../records';
import type { StoreSubject } from './store-subject';

const creditsPlan = (o: OrderRecord, credits: number): FulfilmentPlan => ({
  order: o,
  unlockAges: [],
  newJobs: [],
  credits,
});

const subscription = (status: string, over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  id: 'sub_1',
  status,
  currentPeriodEnd: 1_900_000_000,
  cancelAtPeriodEnd: false,
  userSub: null,
  ...over,
});

export function describePaymentStoreContract(name: string, subject: () => StoreSubject) {
  describe(`PaymentStore contract: ${name}`, () => {
    it('keeps one order per checkout session', async () => {
      const { paymentStore, clock } = subject();
      const placed = orderRecord(clock, 'credits_10', { email: 'parent@example.com' });
      await paymentStore.createOrder(placed);
      // A resent write (its answer was lost) neither fails nor replaces the order.
      await paymentStore.createOrder({ ...placed, amountCents: 1 });
      expect(await paymentStore.getOrder(placed.sessionId)).toEqual(placed);
      expect(await paymentStore.getOrder('cs_test_unknown')).toBeNull();
    });

    it('fulfils an order once: credits with their ledger entry, and a replay changes nothing', async () => {
      const { paymentStore, clock } = subject();
      const placed = orderRecord(clock, 'credits_10');
      await paymentStore.createOrder(placed);
      expect(await paymentStore.fulfil(creditsPlan(placed, 10))).toBe(true);
      expect(await paymentStore.fulfil(creditsPlan(placed, 10))).toBe(false);
      expect(await paymentStore.getCredits(placed.userSub)).toEqual({ balance: 10, subscription: null });
      const ledger = await paymentStore.listLedger(placed.userSub, 10);
      expect(ledger).toEqual([
        { at: expect.any(String), delta: 10, reason: 'credits_10', ref: placed.sessionId, balanceAfter: 10 },
      ]);
      const stored = await paymentStore.getOrder(placed.sessionId);
      expect(stored).toMatchObject({ status: 'fulfilled', createdAt: placed.createdAt });
      expect(stored?.fulfilledAt).toBeTypeOf('string');
    });

    it('fulfils an order that checkout never wrote, writing it', async () => {
      const { paymentStore, clock } = subject();
      const lost = orderRecord(clock, 'credits_1');
      expect(await paymentStore.fulfil(creditsPlan(lost, 1))).toBe(true);
      expect(await paymentStore.getOrder(lost.sessionId)).toMatchObject({
        sessionId: lost.sessionId,
        userSub: lost.userSub,
        productId: 'credits_1',
        status: 'fulfilled',
      });
    });

    it('lets exactly one of two simultaneous fulfilments take effect', async () => {
      const { paymentStore, clock } = subject();
      const placed = orderRecord(clock, 'credits_10');
      await paymentStore.createOrder(placed);
      const results = await Promise.allSettled([
        paymentStore.fulfil(creditsPlan(placed, 10)),
        paymentStore.fulfil(creditsPlan(placed, 10)),
      ]);
      const fulfilled = results.filter((r) => r.status === 'fulfilled' && r.value === true);
      expect(fulfilled).toHaveLength(1);
      // The other one saw the fulfilled order, or lost the race and is told to plan again.
      for (const result of results.filter((r) => !fulfilled.includes(r))) {
        if (result.status === 'fulfilled') expect(result.value).toBe(false);
        else expect(result.reason).toBeInstanceOf(ConcurrentChangeError);
      }
      expect((await paymentStore.getCredits(placed.userSub)).balance).toBe(10);
      expect(await paymentStore.listLedger(placed.userSub, 10)).toHaveLength(1);
    });

    it('unlocks existing jobs for good and creates the bought ones, both marked with the order', async () => {
      const { paymentStore, uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner(), { statuses: { 10: 'done' } });
      const placed = orderRecord(clock, 'age_19_hd', { uploadId: upload.id });
      const newJob = { ...jobRecord(upload, 19, clock), hdUnlocked: true, expiresAt: undefined };
      expect(
        await paymentStore.fulfil({ order: placed, unlockAges: [10], newJobs: [newJob], credits: 0 }),
      ).toBe(true);
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      const byAge = Object.fromEntries(jobs.map((job) => [job.age, job]));
      expect(byAge[10]).toMatchObject({ hdUnlocked: true, unlockedBy: placed.sessionId, status: 'done' });
      expect(byAge[10].expiresAt).toBeUndefined();
      expect(byAge[16].hdUnlocked).toBe(false);
      expect(byAge[19]).toMatchObject({
        status: 'processing',
        hdUnlocked: true,
        unlockedBy: placed.sessionId,
      });
    });

    it('refuses a plan made from a stale read and writes none of it', async () => {
      const { paymentStore, uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner(), { ages: [10, 19] });
      const placed = orderRecord(clock, 'age_19_hd', { uploadId: upload.id });
      await paymentStore.createOrder(placed);
      // Planned as new, but it exists already; and an unlock of a job that is gone.
      const existing = { ...jobRecord(upload, 19, clock), hdUnlocked: true };
      const stale = [
        { order: placed, unlockAges: [10], newJobs: [existing], credits: 0 },
        { order: placed, unlockAges: [16], newJobs: [], credits: 0 },
      ] satisfies FulfilmentPlan[];
      for (const plan of stale)
        await expect(paymentStore.fulfil(plan)).rejects.toThrow(ConcurrentChangeError);
      expect((await paymentStore.getOrder(placed.sessionId))?.status).toBe('pending');
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      expect(jobs.map((job) => [job.age, job.hdUnlocked, job.unlockedBy])).toEqual([
        [10, false, undefined],
        [19, false, undefined],
      ]);
    });

    it('remembers processed events; recording one twice is harmless', async () => {
      const { paymentStore } = subject();
      const eventId = `evt_${crypto.randomUUID()}`;
      expect(await paymentStore.hasProcessedEvent(eventId)).toBe(false);
      await paymentStore.recordEvent(eventId, 'checkout.session.completed');
      await paymentStore.recordEvent(eventId, 'checkout.session.completed');
      expect(await paymentStore.hasProcessedEvent(eventId)).toBe(true);
    });

    it('applies subscription states in event order, whatever order they arrive in', async () => {
      const { paymentStore, clock } = subject();
      const placed = orderRecord(clock, 'credits_1');
      const sub = placed.userSub;
      expect(await paymentStore.getCredits(sub)).toEqual({ balance: 0, subscription: null });
      await paymentStore.fulfil(creditsPlan(placed, 2));
      expect(await paymentStore.applySubscription(sub, subscription('active'), 200)).toBe(true);
      expect(await paymentStore.applySubscription(sub, subscription('incomplete'), 100)).toBe(false);
      expect(await paymentStore.applySubscription(sub, subscription('past_due'), 200)).toBe(true);
      expect(await paymentStore.getCredits(sub)).toEqual({
        balance: 2,
        subscription: {
          id: 'sub_1',
          status: 'past_due',
          currentPeriodEnd: 1_900_000_000,
          cancelAtPeriodEnd: false,
          eventCreated: 200,
        },
      });
      expect(await paymentStore.applySubscription(sub, subscription('canceled'), 300)).toBe(true);
      expect((await paymentStore.getCredits(sub)).subscription?.status).toBe('canceled');
    });

    it("erases a buyer's email from each of their orders, keeps the orders, and touches no one else's", async () => {
      const { paymentStore, clock } = subject();
      const userSub = crypto.randomUUID();
      const email = 'parent@example.com';
      const pending = orderRecord(clock, 'credits_10', { userSub, email });
      const fulfilled = orderRecord(clock, 'age10_hd', { userSub, email });
      const lost = orderRecord(clock, 'credits_1', { userSub, email });
      const others = orderRecord(clock, 'credits_10', { email: 'other@example.com' });
      for (const placed of [pending, fulfilled, others]) await paymentStore.createOrder(placed);
      await paymentStore.fulfil(creditsPlan(fulfilled, 0));
      await paymentStore.fulfil(creditsPlan(lost, 1)); // written by fulfilment, not checkout

      expect(await paymentStore.eraseOrderEmails(userSub)).toBe(3);
      for (const mine of [pending, fulfilled, lost]) {
        const stored = await paymentStore.getOrder(mine.sessionId);
        expect(stored).toMatchObject({ sessionId: mine.sessionId, userSub, productId: mine.productId });
        expect(stored?.email).toBeUndefined();
      }
      expect((await paymentStore.getOrder(fulfilled.sessionId))?.status).toBe('fulfilled');
      expect((await paymentStore.getOrder(others.sessionId))?.email).toBe('other@example.com');
      expect(await paymentStore.eraseOrderEmails(userSub)).toBe(0);
    });

    it("deletes a user's credits and ledger with the user's own items, not their orders", async () => {
      const { paymentStore, uploads, clock } = subject();
      const placed = orderRecord(clock, 'credits_10');
      await paymentStore.createOrder(placed);
      await paymentStore.fulfil(creditsPlan(placed, 10));
      await paymentStore.applySubscription(placed.userSub, subscription('active'), 100);
      await uploads.deleteUserItems(placed.userSub);
      expect(await paymentStore.getCredits(placed.userSub)).toEqual({ balance: 0, subscription: null });
      expect(await paymentStore.listLedger(placed.userSub, 10)).toEqual([]);
      expect((await paymentStore.getOrder(placed.sessionId))?.status).toBe('fulfilled');
    });
  });
}
