/** Starting and confirming a checkout over in-memory fakes (payments.int.test.ts: on the emulators). */
import { getProduct, PRODUCT_IDS } from '@shared/catalog';
import { messages } from '@shared/messages';
import { sellsAgeHd } from '@shared/rules/age-sales';
import { RENDER_STUCK_AFTER_MS } from '@shared/rules/stuck-jobs';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import { confirmCheckout, startCheckout } from './checkout';
import { handlePaymentWebhook } from './webhook';

const SITE = 'http://localhost:3000';

async function parentWithPhoto(opts: { render?: boolean } = {}) {
  const deps = fakeDeps();
  const buyer = parent();
  const uploadId = await uploadedPhoto(deps, buyer, opts);
  return { deps, buyer, uploadId };
}

describe('startCheckout', () => {
  it("opens the provider's checkout for the buyer's own finished photo and keeps the order pending", async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const started = await startCheckout(deps, buyer, { productId: 'all3_hd', uploadId }, SITE);

    const [request] = deps.payments.requests;
    expect(request).toMatchObject({
      productId: 'all3_hd',
      mode: 'payment',
      priceCents: getProduct('all3_hd').priceCents,
      successUrl: `${SITE}/result/${uploadId}?paid=true&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${SITE}/result/${uploadId}`,
      customerEmail: buyer.email,
      clientReferenceId: buyer.sub,
      metadata: { userSub: buyer.sub, productId: 'all3_hd', uploadId, email: buyer.email },
    });
    expect(started.url).toBe(deps.payments.sessions.get(started.sessionId)?.url);
    expect(await deps.paymentStore.getOrder(started.sessionId)).toMatchObject({
      userSub: buyer.sub,
      productId: 'all3_hd',
      uploadId,
      amountCents: 1295,
      status: 'pending',
    });
  });

  it('returns to the configured site, else to a loopback origin, and refuses any other origin', async () => {
    const { deps, buyer } = await parentWithPhoto({ render: false });
    await startCheckout(deps, buyer, { productId: 'credits_10', returnPath: '/pricing?plan=pack10' }, SITE);
    expect([deps.payments.requests[0].successUrl, deps.payments.requests[0].cancelUrl]).toEqual([
      `${SITE}/my-photos?paid=true&session_id={CHECKOUT_SESSION_ID}`,
      `${SITE}/pricing?plan=pack10`,
    ]);

    const configured = { ...deps, siteUrl: 'https://littlefutures.example/app' };
    await startCheckout(configured, buyer, { productId: 'credits_10' }, 'https://evil.example');
    expect(deps.payments.requests[1].cancelUrl).toBe('https://littlefutures.example/pricing');

    await expect(
      startCheckout(deps, buyer, { productId: 'credits_10' }, 'https://evil.example'),
    ).rejects.toThrow(messages.invalidRequest);
    await expect(startCheckout(deps, buyer, { productId: 'credits_10' }, undefined)).rejects.toThrow(
      messages.invalidRequest,
    );
    expect(deps.payments.requests).toHaveLength(2);
  });

  it('asks a visitor to sign in first', async () => {
    const deps = fakeDeps();
    const caller = visitor();
    const uploadId = await uploadedPhoto(deps, caller);
    await expect(startCheckout(deps, caller, { productId: 'age10_hd', uploadId }, SITE)).rejects.toThrow(
      messages.sessionMissing,
    );
  });

  it("refuses another parent's photo, opening no checkout", async () => {
    const { deps, uploadId } = await parentWithPhoto();
    await expect(startCheckout(deps, parent(), { productId: 'age10_hd', uploadId }, SITE)).rejects.toThrow(
      messages.notYourUpload,
    );
    expect(deps.payments.requests).toEqual([]);
  });

  it('refuses a photo still in the visitor session the parent signed in from', async () => {
    const deps = fakeDeps();
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadedPhoto(deps, visitor(sessionId));
    const buyer = parent({ sessionId });
    await expect(startCheckout(deps, buyer, { productId: 'age10_hd', uploadId }, SITE)).rejects.toThrow(
      messages.photoNotInAccount,
    );
  });

  it('requires a finished preview of the photo', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto({ render: false });
    await expect(
      startCheckout(deps, buyer, { productId: 'full_future_bundle', uploadId }, SITE),
    ).rejects.toThrow(messages.photoNotReady);
    await deps.uploads.completeJob(uploadId, 21, { previewKey: 'p.jpg', hdKey: 'h.jpg' });
    await expect(
      startCheckout(deps, buyer, { productId: 'full_future_bundle', uploadId }, SITE),
    ).resolves.toBeTruthy();
  });

  it('refuses a product whose ages are all unlocked, and one whose age could not be rendered', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId } = await startCheckout(deps, buyer, { productId: 'age10_hd', uploadId }, SITE);
    const { webhook } = deps.payments.pay(sessionId);
    await handlePaymentWebhook(deps, webhook.rawBody, webhook.signature);

    await expect(startCheckout(deps, buyer, { productId: 'age10_hd', uploadId }, SITE)).rejects.toThrow(
      messages.alreadyUnlocked,
    );
    // All three still unlocks 16 and 21.
    await expect(startCheckout(deps, buyer, { productId: 'all3_hd', uploadId }, SITE)).resolves.toBeTruthy();

    const failed = await parentWithPhoto({ render: false });
    await failed.deps.uploads.completeJob(failed.uploadId, 10, { previewKey: 'p.jpg', hdKey: 'h.jpg' });
    await failed.deps.uploads.failJob(failed.uploadId, 16, messages.noFaceFound);
    await expect(
      startCheckout(failed.deps, failed.buyer, { productId: 'all3_hd', uploadId: failed.uploadId }, SITE),
    ).rejects.toThrow(messages.previewNotFinished);
  });

  it('refuses a product whose age is stuck in processing past the limit, with a 409', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto({ render: false });
    await deps.uploads.completeJob(uploadId, 10, { previewKey: 'p.jpg', hdKey: 'h.jpg' });
    deps.clock.advance(RENDER_STUCK_AFTER_MS - 1000);
    // Still rendering inside the limit: it may be bought (it is unlocked when it is done).
    await expect(startCheckout(deps, buyer, { productId: 'all3_hd', uploadId }, SITE)).resolves.toBeTruthy();
    deps.clock.advance(1000);
    const refused = startCheckout(deps, buyer, { productId: 'all3_hd', uploadId }, SITE);
    await expect(refused).rejects.toThrow(messages.previewNotFinished);
    await expect(refused).rejects.toMatchObject({ kind: 'conflict' });
    // Age 10 itself is done, so it still sells.
    await expect(startCheckout(deps, buyer, { productId: 'age10_hd', uploadId }, SITE)).resolves.toBeTruthy();
  });

  it('refuses a photo product without its photo and a credit pack with one', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    await expect(startCheckout(deps, buyer, { productId: 'age_19_hd' }, SITE)).rejects.toThrow(
      messages.productNeedsPhoto,
    );
    await expect(startCheckout(deps, buyer, { productId: 'credits_10', uploadId }, SITE)).rejects.toThrow(
      messages.productTakesNoPhoto,
    );
  });

  it('refuses every age product on the offline engine with live keys, and still sells credits and the plan', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    deps.payments.mode = 'live';
    for (const productId of PRODUCT_IDS.filter(sellsAgeHd)) {
      await expect(
        startCheckout(deps, buyer, { productId, uploadId }, SITE),
        productId,
      ).rejects.toMatchObject({
        kind: 'conflict',
        messageKey: 'ageHdNotForSale',
      });
    }
    expect(deps.payments.requests).toEqual([]);
    await startCheckout(deps, buyer, { productId: 'credits_10' }, SITE);
    await startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE);
    expect(deps.payments.requests.map((r) => r.productId)).toEqual(['credits_10', 'subscription_monthly']);
  });

  it('sells age products with live keys when ageing is hosted or the deployer opted in, and with test keys', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    await startCheckout(deps, buyer, { productId: 'age10_hd', uploadId }, SITE);
    deps.payments.mode = 'live';
    await startCheckout(
      { ...deps, sellSimulatedAges: true },
      buyer,
      { productId: 'age10_hd', uploadId },
      SITE,
    );
    const hosted = { ...deps, imageAI: { routes: { ageProgress: 'replicate' as const } } };
    await startCheckout(hosted, buyer, { productId: 'all3_hd', uploadId }, SITE);
    expect(deps.payments.requests.map((r) => r.productId)).toEqual(['age10_hd', 'age10_hd', 'all3_hd']);
  });

  it('refuses a second plan while one is live, and allows one after it ended', async () => {
    const { deps, buyer } = await parentWithPhoto({ render: false });
    const { sessionId } = await startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE);
    const { webhook } = deps.payments.pay(sessionId);
    await handlePaymentWebhook(deps, webhook.rawBody, webhook.signature);

    await expect(startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE)).rejects.toThrow(
      messages.alreadySubscribed,
    );
    deps.clock.advance(31 * 86_400_000);
    await expect(
      startCheckout(deps, buyer, { productId: 'subscription_monthly' }, SITE),
    ).resolves.toBeTruthy();
  });
});

describe('confirmCheckout', () => {
  it('fulfils a paid session the webhook has not brought yet', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId } = await startCheckout(deps, buyer, { productId: 'age10_hd', uploadId }, SITE);
    deps.payments.pay(sessionId);
    expect(await confirmCheckout(deps, buyer, sessionId)).toEqual({
      status: 'fulfilled',
      productId: 'age10_hd',
      uploadId,
    });
    const { jobs } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(jobs.find((job) => job.age === 10)?.hdUnlocked).toBe(true);
  });

  it('says pending while the session is not paid', async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId } = await startCheckout(deps, buyer, { productId: 'age10_hd', uploadId }, SITE);
    expect((await confirmCheckout(deps, buyer, sessionId)).status).toBe('pending');
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('pending');
  });

  it("treats another parent's session, a made-up id and a malformed one alike: not found", async () => {
    const { deps, buyer, uploadId } = await parentWithPhoto();
    const { sessionId } = await startCheckout(deps, buyer, { productId: 'age10_hd', uploadId }, SITE);
    deps.payments.pay(sessionId);
    for (const [caller, id] of [
      [parent(), sessionId],
      [buyer, 'cs_fake_999'],
      [buyer, '../admin'],
    ] as const) {
      await expect(confirmCheckout(deps, caller, id)).rejects.toThrow(messages.checkoutNotFound);
    }
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('pending');
  });
});
