import { describe, expect, it } from 'vitest';
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type { OrderRecord, SubscriptionState } from '../../core/payments/payment-ports';
import { refundRecord } from '../../core/payments/refund-plan';
import type { TakeBack } from '../../core/payments/refund-ports';
import { spendOnKeepsake } from '../credits';
import { orderRecord, readyUpload, sessionOwner } from '../records';
import type { StoreSubject } from './store-subject';

const id = () => crypto.randomUUID().replaceAll('-', '');

const takeBack = (o: OrderRecord, over: Partial<TakeBack> = {}): TakeBack => ({
  sessionId: o.sessionId,
  userSub: o.userSub,
  ...(o.uploadId ? { uploadId: o.uploadId } : {}),
  ages: [],
  credits: 0,
  balanceBefore: 0,
  creditsShort: 0,
  ...over,
});

const state = (subId: string): SubscriptionState => ({
  id: subId,
  status: 'active',
  currentPeriodEnd: 1_900_000_000,
  cancelAtPeriodEnd: false,
  userSub: null,
});

export function describeRefundStoreContract(name: string, subject: () => StoreSubject) {
  describe(`PaymentStore refunds contract: ${name}`, () => {
    it('records a refund once with the unlock it takes back, finds the order by its payment', async () => {
      const { paymentStore, uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner(), { statuses: { 10: 'done' } });
      const paymentIntentId = `pi_${id()}`;
      const placed = orderRecord(clock, 'age10_hd', {
        uploadId: upload.id,
        paymentIntentId,
        grantedAges: [10],
      });
      await paymentStore.fulfil({ order: placed, unlockAges: [10], newJobs: [], credits: 0 });
      expect(await paymentStore.findOrderByPayment(paymentIntentId)).toMatchObject({
        sessionId: placed.sessionId,
        status: 'fulfilled',
        grantedAges: [10],
      });
      expect(await paymentStore.findOrderByPayment(`pi_${id()}`)).toBeNull();

      const refund = refundRecord({
        ref: placed.sessionId,
        part: 'age-10',
        reason: 'render_failed',
        userSub: placed.userSub,
        amountCents: 695,
        now: clock.now(),
      });
      const back = takeBack(placed, { ages: [10] });
      expect(await paymentStore.recordRefund(refund, back)).toBe(true);
      expect(await paymentStore.recordRefund(refund, null)).toBe(false);
      await paymentStore.markRefunded(placed.sessionId, 'age-10', 're_1');
      expect(await paymentStore.listRefunds(placed.sessionId)).toEqual([
        { ...refund, status: 'refunded', refundId: 're_1' },
      ]);
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      expect(jobs.find((job) => job.age === 10)?.hdUnlocked).toBe(false);
      expect((await paymentStore.getOrder(placed.sessionId))?.revokedAges).toEqual([10]);
    });

    it('remembers what an order-less refund paid back, by its payment', async () => {
      const { paymentStore, clock } = subject();
      const subscriptionId = `sub_${id()}`;
      const paymentIntentId = `pi_${id()}`;
      const refund = refundRecord({
        ref: subscriptionId,
        part: 'order',
        reason: 'second_subscription',
        userSub: crypto.randomUUID(),
        amountCents: null,
        now: clock.now(),
      });
      expect(await paymentStore.recordRefund({ ...refund, paymentIntentId }, null)).toBe(true);
      expect(await paymentStore.refundRefOfPayment(paymentIntentId)).toBe(subscriptionId);
      expect(await paymentStore.findOrderByPayment(paymentIntentId)).toBeNull();
    });

    it('takes back credits once, with a ledger entry, and only from the balance it planned from', async () => {
      const stores = subject();
      const { paymentStore, clock } = stores;
      const placed = orderRecord(clock, 'credits_10', { grantedCredits: 10 });
      await paymentStore.fulfil({ order: placed, unlockAges: [], newJobs: [], credits: 10 });
      await spendOnKeepsake(stores, placed.userSub, 3);
      const revocation = { sessionId: placed.sessionId, cause: 'dispute' as const, eventId: 'evt_1' };
      await expect(
        paymentStore.revoke(revocation, takeBack(placed, { credits: 7, balanceBefore: 10 })),
      ).rejects.toThrow(ConcurrentChangeError);
      expect(await paymentStore.revoke(revocation, takeBack(placed, { credits: 7, balanceBefore: 7 }))).toBe(
        true,
      );
      expect(await paymentStore.revoke(revocation, takeBack(placed))).toBe(false);
      expect((await paymentStore.getCredits(placed.userSub)).balance).toBe(0);
      const [latest] = await paymentStore.listLedger(placed.userSub, 1);
      expect(latest).toMatchObject({ delta: -7, reason: 'dispute', ref: 'evt_1', balanceAfter: 0 });
      expect((await paymentStore.getOrder(placed.sessionId))?.revokedCredits).toBe(7);
    });

    it('does not unlock again what another order unlocked meanwhile', async () => {
      const { paymentStore, uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner(), { statuses: { 10: 'done' } });
      const first = orderRecord(clock, 'age10_hd', { uploadId: upload.id });
      const second = orderRecord(clock, 'age10_hd', { uploadId: upload.id, userSub: first.userSub });
      await paymentStore.fulfil({ order: first, unlockAges: [10], newJobs: [], credits: 0 });
      await expect(
        paymentStore.fulfil({ order: second, unlockAges: [10], newJobs: [], credits: 0 }),
      ).rejects.toThrow(ConcurrentChangeError);
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      expect(jobs.find((job) => job.age === 10)?.unlockedBy).toBe(first.sessionId);
    });

    it('keeps one subscription checkout per parent, replaced only by whoever read the last one', async () => {
      const { paymentStore } = subject();
      const userSub = crypto.randomUUID();
      expect(await paymentStore.getSubscriptionCheckout(userSub)).toBeNull();
      expect(await paymentStore.claimSubscriptionCheckout(userSub, 'cs_a', null)).toBe(true);
      expect(await paymentStore.claimSubscriptionCheckout(userSub, 'cs_b', null)).toBe(false);
      expect(await paymentStore.claimSubscriptionCheckout(userSub, 'cs_c', 'cs_x')).toBe(false);
      expect(await paymentStore.claimSubscriptionCheckout(userSub, 'cs_d', 'cs_a')).toBe(true);
      expect(await paymentStore.getSubscriptionCheckout(userSub)).toEqual({ sessionId: 'cs_d' });
    });

    it('applies a subscription only against the one it was decided on', async () => {
      const { paymentStore } = subject();
      const userSub = crypto.randomUUID();
      expect(await paymentStore.applySubscription(userSub, state('sub_a'), 10, null)).toBe(true);
      expect(await paymentStore.applySubscription(userSub, state('sub_b'), 11, null)).toBe(false);
      expect(await paymentStore.applySubscription(userSub, state('sub_b'), 11, 'sub_x')).toBe(false);
      expect(await paymentStore.applySubscription(userSub, state('sub_a'), 12, 'sub_a')).toBe(true);
      expect((await paymentStore.getCredits(userSub)).subscription?.id).toBe('sub_a');
    });
  });
}
