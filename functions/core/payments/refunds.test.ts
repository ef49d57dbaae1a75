/**
 * Money going back, over in-memory fakes: paid twice, photo gone, refunds and disputes reported by
 * the provider, a second subscription, a paid render that fails for good. payments-refunds.int.test.ts
 * runs the same flows on the emulators and the local Stripe fake.
 */
import type { ProductId } from '@shared/catalog';
import { messages } from '@shared/messages';
import { RENDER_STUCK_AFTER_MS } from '@shared/rules/stuck-jobs';
import { describe, expect, it } from 'vitest';
import { spendOnKeepsake } from '../../test-support/credits';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import type { SignedWebhook } from '../../test-support/fakes/payments';
import { parent, uploadedPhoto } from '../../test-support/fakes/scenes';
import { renderBatch } from '../render/render-batch';
import { recordRenderFailure } from '../render/render-job';
import type { SignedInUser } from '../uploads/ownership';
import { confirmCheckout, startCheckout } from './checkout';
import { handlePaymentWebhook } from './webhook';

const SITE = 'http://localhost:3000';

async function parentWithPhoto() {
  const deps = fakeDeps();
  const buyer = parent();
  const uploadId = await uploadedPhoto(deps, buyer);
  return { deps, buyer, uploadId };
}

async function paid(deps: FakeDeps, buyer: SignedInUser, productId: ProductId, uploadId?: string) {
  const { sessionId } = await startCheckout(deps, buyer, { productId, uploadId }, SITE);
  return { sessionId, ...deps.payments.pay(sessionId) };
}

const deliver = (deps: FakeDeps, webhook: SignedWebhook) =>
  handlePaymentWebhook(deps, webhook.rawBody, webhook.signature);

/** What an operator's log-metric filter would count: entries carrying the alert field. */
const alerts = (deps: FakeDeps) =>
  deps.logger.entries
    .map((entry) => (entry.extra[0] as { alert?: string } | undefined)?.alert)
    .filter((alert): alert is string => Boolean(alert));

const jobsOf = async (deps: FakeDeps, uploadId: string) =>
  (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;

describe('orders that bought nothing', () => {
  it('refunds the second of two tabs paid for the same photo, once, with an alert', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const first = await paid(deps, buyer, 'all3_hd', uploadId);
    const second = await paid(deps, buyer, 'all3_hd', uploadId);
    await deliver(deps, first.webhook);
    await deliver(deps, second.webhook);
    await deliver(deps, second.webhook); // a replay

    const refunds = [...deps.payments.refunds.values()];
    expect(refunds).toEqual([
      expect.objectContaining({
        payment: { checkoutSessionId: second.sessionId },
        amountCents: null,
        idempotencyKey: `lf-refund:${second.sessionId}:order`,
      }),
    ]);
    expect((await jobsOf(deps, uploadId)).map((job) => job.unlockedBy)).toEqual(
      Array(3).fill(first.sessionId),
    );
    expect(await deps.paymentStore.listRefunds(second.sessionId)).toMatchObject([
      { reason: 'paid_twice', status: 'refunded' },
    ]);
    expect(alerts(deps)).toEqual(['refund']);
  });

  it('refunds a photo deleted before the payment arrived, and finishes a refund the provider refused at first', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'age10_hd', uploadId);
    const found = (await deps.uploads.getUploadWithJobs(uploadId))!;
    await deps.uploads.deleteUpload(found.upload, found.jobs);
    deps.payments.failRefunds = true;
    await expect(deliver(deps, webhook)).rejects.toThrow('unreachable');
    expect(await deps.paymentStore.listRefunds(sessionId)).toMatchObject([{ status: 'pending' }]);

    deps.payments.failRefunds = false;
    await deliver(deps, webhook); // the provider retries the event
    expect(deps.payments.refunds.size).toBe(1);
    expect(await deps.paymentStore.listRefunds(sessionId)).toMatchObject([
      { reason: 'photo_gone', status: 'refunded' },
    ]);
  });

  it('still confirms the success page when the refund cannot be paid out yet; the webhook finishes it', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const first = await paid(deps, buyer, 'age10_hd', uploadId);
    const second = await paid(deps, buyer, 'age10_hd', uploadId);
    await deliver(deps, first.webhook);
    deps.payments.failRefunds = true;
    expect(await confirmCheckout(deps, buyer, second.sessionId)).toMatchObject({ status: 'fulfilled' });
    expect(await deps.paymentStore.listRefunds(second.sessionId)).toMatchObject([{ status: 'pending' }]);
    await expect(deliver(deps, second.webhook)).rejects.toThrow('unreachable');
    deps.payments.failRefunds = false;
    await deliver(deps, second.webhook);
    expect(await deps.paymentStore.listRefunds(second.sessionId)).toMatchObject([{ status: 'refunded' }]);
    expect(deps.payments.refunds.size).toBe(1);
  });
});

describe('refunds and disputes reported by the provider', () => {
  it('takes back the credits of a pack refunded outside the app, never below zero, in the ledger', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'credits_10');
    await deliver(deps, webhook);
    await spendOnKeepsake(deps, buyer.sub, 4);

    const refunded = deps.payments.chargeRefundedEvent(sessionId);
    await deliver(deps, refunded);
    await deliver(deps, refunded); // a replay changes nothing

    expect((await deps.paymentStore.getCredits(buyer.sub)).balance).toBe(0);
    const ledger = await deps.paymentStore.listLedger(buyer.sub, 10);
    expect(ledger[0]).toMatchObject({ delta: -6, reason: 'refund', balanceAfter: 0 });
    expect(
      deps.logger.entries.find((entry) => entry.message.includes('refunded outside'))?.extra[0],
    ).toMatchObject({
      alert: 'refund',
      creditsAlreadySpent: 4,
      takenBack: { ages: [], credits: 6 },
    });
  });

  it('only reports a part refund made outside the app', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'credits_10');
    await deliver(deps, webhook);
    await deliver(deps, deps.payments.chargeRefundedEvent(sessionId, 100));
    expect((await deps.paymentStore.getCredits(buyer.sub)).balance).toBe(10);
    expect(alerts(deps)).toEqual(['refund']);
  });

  it('locks the HD a disputed order unlocked again and alerts a person', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'age10_hd', uploadId);
    await deliver(deps, webhook);
    await deliver(deps, deps.payments.disputeEvent(sessionId));

    expect((await jobsOf(deps, uploadId)).find((job) => job.age === 10)?.hdUnlocked).toBe(false);
    expect((await deps.paymentStore.getOrder(sessionId))?.revokedAges).toEqual([10]);
    expect(alerts(deps)).toEqual(['dispute']);
  });

  it("hears the provider confirm the app's own refund without taking anything back", async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const first = await paid(deps, buyer, 'age10_hd', uploadId);
    const second = await paid(deps, buyer, 'age10_hd', uploadId);
    await deliver(deps, first.webhook);
    await deliver(deps, second.webhook);
    await deliver(deps, deps.payments.chargeRefundedEvent(second.sessionId));
    expect((await jobsOf(deps, uploadId)).find((job) => job.age === 10)?.hdUnlocked).toBe(true);
    expect(deps.logger.messages('info')).toContain('the provider confirmed our refund');
  });
});

describe('one subscription per parent', () => {
  it('hands a second tab the checkout the first one opened', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const first = await startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE);
    const second = await startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE);
    expect(second).toEqual(first);
    expect(deps.payments.requests).toHaveLength(1);
  });

  it('opens a new checkout once the last one expired, and refuses one after paying', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const first = await startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE);
    await deps.payments.expireCheckoutSession(first.sessionId);
    const second = await startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE);
    expect(second.sessionId).not.toBe(first.sessionId);
    deps.payments.pay(second.sessionId); // paid, the webhook not there yet
    await expect(startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE)).rejects.toThrow(
      messages.alreadySubscribed,
    );
  });

  it('cancels and refunds a second live subscription, keeping the first', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const first = await paid(deps, buyer, 'subscription_monthly');
    // A second session made behind the app's back (e.g. opened before this rule existed).
    const other = await deps.payments.createCheckoutSession({ ...deps.payments.requests[0] });
    const second = deps.payments.pay(other.id);
    await deliver(deps, first.webhook);
    await deliver(deps, second.webhook);

    const kept = first.session.subscriptionId!;
    const extra = second.session.subscriptionId!;
    expect((await deps.paymentStore.getCredits(buyer.sub)).subscription?.id).toBe(kept);
    expect(deps.payments.subscriptions.get(extra)?.status).toBe('canceled');
    expect(deps.payments.subscriptions.get(kept)?.status).toBe('active');
    expect([...deps.payments.refunds.values()]).toEqual([
      expect.objectContaining({ payment: { paymentIntentId: `pi_of_${extra}` }, amountCents: null }),
    ]);
    await deliver(deps, deps.payments.subscriptionEvent(extra)); // its own "deleted" event
    expect((await deps.paymentStore.getCredits(buyer.sub)).subscription?.id).toBe(kept);
    expect(alerts(deps)).toEqual(['refund']);
  });
});

describe('a paid render that fails for good', () => {
  it("refunds that age's share of the bundle once and locks its HD", async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'full_future_bundle', uploadId);
    await deliver(deps, webhook);
    const failure = { uploadId, age: 19 as const };
    await recordRenderFailure(deps, failure, 3, new Error('GPU on fire'));
    await recordRenderFailure(deps, failure, 3, new Error('again'));

    expect([...deps.payments.refunds.values()]).toEqual([
      expect.objectContaining({
        payment: { checkoutSessionId: sessionId },
        amountCents: 331,
        idempotencyKey: `lf-refund:${sessionId}:age-19`,
      }),
    ]);
    const jobs = await jobsOf(deps, uploadId);
    expect(jobs.find((job) => job.age === 19)).toMatchObject({ status: 'failed', hdUnlocked: false });
    expect(jobs.find((job) => job.age === 2)?.hdUnlocked).toBe(true);
    expect(alerts(deps)).toEqual(['paid-render-failed']);
  });

  it('refunds nothing for a free preview that fails', async () => {
    const { deps, uploadId } = await parentWithPhoto();
    await recordRenderFailure(deps, { uploadId, age: 10 }, 3, new Error('x'));
    expect(deps.payments.refunds.size).toBe(0);
  });
});

describe('a paid render the sweeper gives up on', () => {
  it('is refunded like any render that fails for good', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'age_19_hd', uploadId);
    await deliver(deps, webhook);
    deps.renderQueue.take(); // the bought render's message is lost
    const sweep = [{ id: 'tick', body: JSON.stringify({ kind: 'sweep' }), attempt: 1 }];
    for (let tick = 0; tick < 3; tick++) {
      deps.clock.advance(RENDER_STUCK_AFTER_MS);
      await renderBatch(deps, sweep);
      deps.renderQueue.take(); // re-queued once, lost again
    }
    expect((await jobsOf(deps, uploadId)).find((job) => job.age === 19)).toMatchObject({
      status: 'failed',
      hdUnlocked: false,
    });
    expect([...deps.payments.refunds.values()]).toEqual([
      expect.objectContaining({ payment: { checkoutSessionId: sessionId }, amountCents: 695 }),
    ]);
  });
});
