/**
 * The payment webhook and fulfilment over in-memory fakes, the provider included (its events are
 * signed with the test secret). payments.int.test.ts runs the same flows on the emulators.
 */
import { PREVIEW_AGES, type ProductId } from '@shared/catalog';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import type { SignedWebhook } from '../../test-support/fakes/payments';
import { parent, uploadedPhoto } from '../../test-support/fakes/scenes';
import type { Deps } from '../deps';
import { renderBatch } from '../render/render-batch';
import type { SignedInUser } from '../uploads/ownership';
import { confirmCheckout, startCheckout } from './checkout';
import type { PaymentEvent } from './payment-ports';
import { handlePaymentWebhook } from './webhook';

const SITE = 'http://localhost:3000';
type Fakes = FakeDeps;

/** A parent with a photo whose three previews are done, in an app of fakes. */
async function parentWithPhoto() {
  const deps = fakeDeps();
  const buyer = parent();
  const uploadId = await uploadedPhoto(deps, buyer);
  return { deps, buyer, uploadId };
}

/** Checkout started by the app and paid on the provider's page: the provider's webhook, not yet sent. */
async function paid(deps: Fakes, buyer: SignedInUser, productId: ProductId, uploadId?: string) {
  const { sessionId } = await startCheckout(deps, buyer, { productId, uploadId }, SITE);
  return { sessionId, ...deps.payments.pay(sessionId) };
}

const deliver = (deps: Deps, webhook: SignedWebhook) =>
  handlePaymentWebhook(deps, webhook.rawBody, webhook.signature);

const jobsOf = async (deps: Deps, uploadId: string) => (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;

describe('the payment webhook', () => {
  it('refuses a forged, unsigned or stale delivery with the webhook message and changes nothing', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'age10_hd', uploadId);
    const forged = webhook.rawBody.replace('"paid"', '"no_payment_required"');

    await expect(handlePaymentWebhook(deps, forged, webhook.signature)).rejects.toThrow(
      messages.webhookSignatureInvalid,
    );
    await expect(handlePaymentWebhook(deps, webhook.rawBody, undefined)).rejects.toThrow(
      messages.webhookSignatureInvalid,
    );
    deps.clock.advance(10 * 60_000);
    await expect(deliver(deps, webhook)).rejects.toThrow(messages.webhookSignatureInvalid);

    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('pending');
    expect((await jobsOf(deps, uploadId)).some((job) => job.hdUnlocked)).toBe(false);
    expect(deps.logger.messages('warn')).toEqual([
      'refused a webhook',
      'refused a webhook',
      'refused a webhook',
    ]);
  });

  it('unlocks the HD of the bought age for good and records the order and the event', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'age10_hd', uploadId);

    expect(await deliver(deps, webhook)).toEqual({ received: true });

    const jobs = await jobsOf(deps, uploadId);
    expect(jobs.map((job) => [job.age, job.hdUnlocked])).toEqual([
      [10, true],
      [16, false],
      [21, false],
    ]);
    expect(jobs[0].unlockedBy).toBe(sessionId);
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('fulfilled');
    expect(await deps.paymentStore.hasProcessedEvent(JSON.parse(webhook.rawBody).id)).toBe(true);
  });

  it('adds bought credits once, with their ledger entry, however often the event comes', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'credits_10');

    await deliver(deps, webhook);
    await deliver(deps, webhook);
    // The same payment reported again under another event id (e.g. async_payment_succeeded).
    const event = JSON.parse(webhook.rawBody) as PaymentEvent;
    await deliver(deps, deps.payments.sign({ ...event, id: 'evt_again' }));

    expect((await deps.paymentStore.getCredits(buyer.sub)).balance).toBe(10);
    expect(await deps.paymentStore.listLedger(buyer.sub, 10)).toEqual([
      {
        at: deps.clock.now().toISOString(),
        delta: 10,
        reason: 'credits_10',
        ref: sessionId,
        balanceAfter: 10,
      },
    ]);
  });

  it('fulfils once whoever comes first, the success page or the webhook', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'credits_20');
    expect(await confirmCheckout(deps, buyer, sessionId)).toEqual({
      status: 'fulfilled',
      productId: 'credits_20',
      uploadId: null,
    });
    await deliver(deps, webhook);
    expect((await deps.paymentStore.getCredits(buyer.sub)).balance).toBe(20);
  });

  it('renders the bought ages, queued once whoever confirms the payment, and emails the parent when age 19 is done', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId, webhook } = await paid(deps, buyer, 'full_future_bundle', uploadId);
    await deliver(deps, webhook);
    await deliver(deps, webhook);
    await confirmCheckout(deps, buyer, sessionId);

    const queued = deps.renderQueue.sent.filter(
      (message) => !(PREVIEW_AGES as readonly number[]).includes(message.age),
    );
    expect(queued).toEqual([2, 5, 19].map((age) => ({ uploadId, age })));
    const bought = (await jobsOf(deps, uploadId)).filter((job) => [2, 5, 19].includes(job.age));
    expect(bought.map((job) => [job.status, job.hdUnlocked, typeof job.queuedAt])).toEqual([
      ['processing', true, 'string'],
      ['processing', true, 'string'],
      ['processing', true, 'string'],
    ]);

    expect(await renderBatch(deps, deps.renderQueue.take())).toEqual([]);
    expect(deps.mailer.sent.map((email) => [email.to, email.subject])).toEqual([
      [buyer.email, 'Your Age 19 HD photo is ready ✨'],
    ]);
    expect(deps.mailer.sent[0].text).toContain(`${SITE}/result/${uploadId}`);
  });

  it('sends the bought renders on the next delivery when the queue failed after fulfilment', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { webhook } = await paid(deps, buyer, 'age_2_5_hd', uploadId);
    const before = deps.renderQueue.sent.length;
    deps.renderQueue.failWith = new Error('SQS is unreachable');
    await expect(deliver(deps, webhook)).rejects.toThrow('SQS is unreachable');
    expect((await jobsOf(deps, uploadId)).filter((job) => job.age < 10).map((job) => job.queuedAt)).toEqual([
      undefined,
      undefined,
    ]);

    deps.renderQueue.failWith = null;
    await deliver(deps, webhook);
    expect(deps.renderQueue.sent.slice(before)).toEqual([2, 5].map((age) => ({ uploadId, age })));
  });

  it('waits for the money of an unpaid checkout (a delayed payment method)', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const { sessionId } = await startCheckout(deps, buyer, { productId: 'credits_10' }, SITE);
    const { webhook } = deps.payments.pay(sessionId, 'unpaid');
    await deliver(deps, webhook);
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('pending');
    expect((await deps.paymentStore.getCredits(buyer.sub)).balance).toBe(0);
  });

  it('acknowledges and ignores a paid session that is not one of ours', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const { sessionId } = await startCheckout(deps, buyer, { productId: 'credits_10' }, SITE);
    const { session } = deps.payments.pay(sessionId);
    const foreign = deps.payments.sign({
      kind: 'checkout_completed',
      id: 'evt_foreign',
      type: 'checkout.session.completed',
      created: Math.floor(deps.clock.now().getTime() / 1000),
      session: { ...session, id: 'cs_fake_foreign', metadata: {} },
    });
    expect(await deliver(deps, foreign)).toEqual({ received: true });
    expect(deps.logger.messages('warn')).toContain('checkout session without our metadata: ignored');
    expect(await deps.paymentStore.getOrder('cs_fake_foreign')).toBeNull();
  });
});

describe('subscription events', () => {
  /** A subscription the provider no longer knows: the event's own copy is all there is. */
  const event = (deps: Fakes, userSub: string, status: string, created: number) =>
    deps.payments.sign({
      kind: 'subscription_changed',
      id: `evt_${status}_${created}`,
      type: 'customer.subscription.updated',
      created,
      subscription: {
        id: 'sub_gone',
        status,
        currentPeriodEnd: 1_900_000_000,
        cancelAtPeriodEnd: false,
        userSub,
      },
    });

  it('shows the plan at once after its checkout, read from the provider', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const { webhook, session } = await paid(deps, buyer, 'subscription_monthly');
    await deliver(deps, webhook);
    const { subscription } = await deps.paymentStore.getCredits(buyer.sub);
    expect(subscription).toMatchObject({
      id: session.subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
  });

  it('keeps the newest state when events arrive out of order', async () => {
    const deps = fakeDeps();
    const sub = crypto.randomUUID();
    await deliver(deps, event(deps, sub, 'canceled', 2_000));
    await deliver(deps, event(deps, sub, 'active', 1_000));
    expect((await deps.paymentStore.getCredits(sub)).subscription?.status).toBe('canceled');
    expect(deps.logger.messages('info')).toContain('older subscription state ignored');
  });

  it('reads the state back from the provider, so a late event cannot revive a cancelled plan', async () => {
    const { deps, buyer } = await parentWithPhoto();
    const { webhook, session } = await paid(deps, buyer, 'subscription_monthly');
    await deliver(deps, webhook);
    const late = deps.payments.subscriptionEvent(session.subscriptionId!); // says active
    deps.payments.subscriptions.get(session.subscriptionId!)!.status = 'canceled';
    deps.clock.advance(60_000);
    await deliver(deps, late);
    expect((await deps.paymentStore.getCredits(buyer.sub)).subscription?.status).toBe('canceled');
  });
});
