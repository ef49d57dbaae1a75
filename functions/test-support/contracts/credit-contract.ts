/**
 * What paying for an HD keepsake with credits must do, on every store that takes a charge with its
 * record (CreditCharge, CompositionStore.recordHdComposition): the balance never below zero, one
 * ledger entry per charge with the use as its reason, one charge per request, nothing taken under
 * the subscription or for a photo that is gone.
 */
import { describe, expect, it } from 'vitest';
import type { CompositionStore } from '../../core/moments/moments-ports';
import type { PaymentStore } from '../../core/payments/payment-ports';
import type { Clock, UploadStore } from '../../core/ports';
import { creditsFor, hdRecord } from '../credits';
import { orderRecord, uploadRecord } from '../records';

type Subject = {
  uploads: UploadStore;
  compositions: CompositionStore;
  paymentStore: PaymentStore;
  clock: Clock;
  /** Lets time pass, so what is written next is newer than what came before. */
  pass(): Promise<void>;
};

/** A parent with `credits` bought and a photo of theirs to make keepsakes from. */
async function parentWithCredits({ uploads, paymentStore, clock }: Subject, credits: number) {
  const order = orderRecord(clock, 'credits_10');
  await paymentStore.fulfil({ order, unlockAges: [], newJobs: [], credits });
  const photo = uploadRecord(clock, `user:${order.userSub}` as const);
  await uploads.createUpload(photo);
  return { userSub: order.userSub, photo, order };
}

export function describeCreditContract(name: string, subject: () => Subject) {
  describe(`credit charges contract: ${name}`, () => {
    it('takes each charge with its ledger entry, never below zero, and lists the ledger newest first', async () => {
      const s = subject();
      const { compositions, paymentStore, clock, pass } = s;
      const { userSub, photo, order } = await parentWithCredits(s, 3);
      const charge = (amount: number) => ({ ...creditsFor('hd_keepsake'), amount });
      const tooMuch = hdRecord(clock, userSub, photo);
      expect(await compositions.recordHdComposition(userSub, tooMuch, charge(5))).toEqual({
        status: 'insufficient',
      });
      expect(await compositions.getHdComposition(userSub, tooMuch.requestId)).toBeNull();
      await pass();
      const two = hdRecord(clock, userSub, photo);
      expect(await compositions.recordHdComposition(userSub, two, charge(2))).toEqual({
        status: 'recorded',
        balance: 1,
      });
      await pass();
      const last = hdRecord(clock, userSub, photo);
      expect(await compositions.recordHdComposition(userSub, last, charge(1))).toEqual({
        status: 'recorded',
        balance: 0,
      });
      const broke = hdRecord(clock, userSub, photo);
      expect((await compositions.recordHdComposition(userSub, broke, charge(1))).status).toBe('insufficient');
      const stranger = crypto.randomUUID();
      const nothing = hdRecord(clock, stranger, photo);
      expect((await compositions.recordHdComposition(stranger, nothing, charge(1))).status).toBe(
        'insufficient',
      );

      const ledger = await paymentStore.listLedger(userSub, 10);
      expect(
        ledger.map(({ delta, reason, ref, balanceAfter }) => [delta, reason, ref, balanceAfter]),
      ).toEqual([
        [-1, 'hd_keepsake', last.id, 0],
        [-2, 'hd_keepsake', two.id, 1],
        [3, 'credits_10', order.sessionId, 3],
      ]);
      expect(await paymentStore.listLedger(userSub, 1)).toHaveLength(1);
      expect(await paymentStore.listLedger(stranger, 10)).toEqual([]);
    });

    it('names the use in the ledger: a composer export is not a Moments keepsake', async () => {
      const s = subject();
      const { userSub, photo } = await parentWithCredits(s, 2);
      const exported = hdRecord(s.clock, userSub, photo);
      await s.compositions.recordHdComposition(userSub, exported, creditsFor('hd_export'));
      const [latest] = await s.paymentStore.listLedger(userSub, 1);
      expect(latest).toMatchObject({ delta: -1, reason: 'hd_export', ref: exported.id, balanceAfter: 1 });
    });

    it('charges one request once, however many times it is recorded at once', async () => {
      const s = subject();
      const { userSub, photo } = await parentWithCredits(s, 3);
      const requestId = crypto.randomUUID();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          s.compositions.recordHdComposition(
            userSub,
            hdRecord(s.clock, userSub, photo, { requestId }),
            creditsFor('hd_keepsake'),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'recorded')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(9);
      expect((await s.paymentStore.getCredits(userSub)).balance).toBe(2);
      expect(await s.paymentStore.listLedger(userSub, 10)).toHaveLength(2);
    });

    it('lets exactly 10 of 50 simultaneous charges through on a balance of 10', async () => {
      const s = subject();
      const { userSub, photo } = await parentWithCredits(s, 10);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          s.compositions.recordHdComposition(
            userSub,
            hdRecord(s.clock, userSub, photo),
            creditsFor('hd_keepsake'),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'recorded')).toHaveLength(10);
      expect(results.filter((r) => r.status === 'insufficient')).toHaveLength(40);
      expect((await s.paymentStore.getCredits(userSub)).balance).toBe(0);
      const ledger = await s.paymentStore.listLedger(userSub, 100);
      expect(ledger).toHaveLength(11);
      expect(ledger.every((entry) => entry.balanceAfter >= 0)).toBe(true);
      expect(ledger.filter((entry) => entry.reason === 'hd_keepsake')).toHaveLength(10);
    });

    it('takes nothing under the subscription', async () => {
      const s = subject();
      const { userSub, photo } = await parentWithCredits(s, 1);
      const record = hdRecord(s.clock, userSub, photo, { paidWith: 'subscription' });
      expect(await s.compositions.recordHdComposition(userSub, record, { via: 'subscription' })).toEqual({
        status: 'recorded',
        balance: null,
      });
      expect((await s.paymentStore.getCredits(userSub)).balance).toBe(1);
      expect(await s.paymentStore.listLedger(userSub, 10)).toHaveLength(1);
    });

    it('takes nothing for a keepsake of a photo deleted meanwhile', async () => {
      const s = subject();
      const { userSub, photo } = await parentWithCredits(s, 1);
      expect(await s.uploads.deleteUpload(photo, [])).toBe(true);
      const late = hdRecord(s.clock, userSub, photo);
      expect(await s.compositions.recordHdComposition(userSub, late, creditsFor('hd_keepsake'))).toEqual({
        status: 'upload_gone',
      });
      expect(await s.compositions.getHdComposition(userSub, late.requestId)).toBeNull();
      expect((await s.paymentStore.getCredits(userSub)).balance).toBe(1);
    });
  });
}
