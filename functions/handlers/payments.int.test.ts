/**
 * Payments end to end on the emulators: checkout through the real handlers and the official Stripe
 * SDK (against the local fake of Stripe's API), paying on the fake's test checkout, its signed
 * events through the real webhook handler, fulfilment in DynamoDB, renders on SQS, HD downloads
 * from S3 and the age-19 email in the local outbox.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedEvent } from '../../scripts/local/stripe-fake/objects';
import { startStripeFake } from '../../scripts/local/stripe-fake/stripe-fake';
import { chargeFor } from '../core/payments/credits';
import { claimsOf, newParent } from '../test-support/cognito';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';
import { showsWatermarkOnlyOnMarked, watermarkGap } from '../test-support/watermark-gap';

const SECRET_KEY = 'sk_test_payments_int';
const WEBHOOK_SECRET = 'whsec_payments_int';
const outbox = mkdtempSync(path.join(os.tmpdir(), 'lf-outbox-'));

/** Stands in for the gateway at the webhook URL; can hold deliveries back to stage races. */
const relay = { hold: false, held: [] as { payload: string; signature: string }[] };
const relayServer = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const payload = Buffer.concat(chunks).toString('utf8');
  const signature = String(req.headers['stripe-signature'] ?? '');
  if (relay.hold) {
    relay.held.push({ payload, signature });
    res.writeHead(200).end('{}');
    return;
  }
  const result = await deliver({ payload, signature });
  res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.json));
});
await new Promise<void>((resolve) => relayServer.listen(0, '127.0.0.1', resolve));
const relayPort = (relayServer.address() as { port: number }).port;
const fake = await startStripeFake({
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  webhookUrl: `http://127.0.0.1:${relayPort}/`,
  log: () => undefined,
});
const { callRoute, deps, lambdaDeps, runRenderWorker, uploadPhoto } = createTestApp({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
  MAIL_OUTBOX_DIR: outbox,
});

type Parent = Awaited<ReturnType<typeof newParent>>;
const SITE = 'http://localhost:3000';

function deliver(signed: { payload: string; signature: string }) {
  return callRoute('stripeWebhook', {
    rawBody: signed.payload,
    headers: { 'stripe-signature': signed.signature },
  });
}

async function asUser(parent: Parent) {
  return { claims: await claimsOf(parent.idToken), headers: { origin: SITE } };
}

async function checkout(parent: Parent, body: Record<string, unknown>) {
  return callRoute('createCheckout', { ...(await asUser(parent)), body });
}

/** Presses Pay on the fake's test checkout page; returns where it redirects the browser. */
async function pay(sessionId: string): Promise<string> {
  const response = await fetch(`${fake.url}/checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

async function buy(parent: Parent, body: Record<string, unknown>) {
  const started = await checkout(parent, body);
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  return { sessionId: started.json.sessionId as string, redirect: await pay(started.json.sessionId) };
}

const credits = (parent: Parent) => deps.paymentStore.getCredits(parent.sub);
const jobsOf = async (uploadId: string) => (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;

let parent: Parent;
let other: Parent;
/** A photo of the parent with its three previews rendered. */
let uploadId: string;

beforeAll(async () => {
  [parent, other] = await Promise.all([newParent(), newParent()]);
  uploadId = await uploadPhoto({ claims: await claimsOf(parent.idToken) }, images.samplePhoto(2));
  await runRenderWorker();
  expect((await jobsOf(uploadId)).map((job) => job.status)).toEqual(['done', 'done', 'done']);
});

afterAll(async () => {
  await fake.stop();
  await new Promise((resolve) => relayServer.close(resolve));
});

describe('checkout: what may be bought', () => {
  it('refuses an unknown product type', async () => {
    const result = await checkout(parent, { productId: 'gold_plan', uploadId });
    expect(result.status).toBe(400);
  });

  it("refuses another parent's photo", async () => {
    const result = await checkout(other, { productId: 'age10_hd', uploadId });
    expect(result.status).toBe(403);
  });

  it('refuses a photo that is not ready yet', async () => {
    const pending = await uploadPhoto({ claims: await claimsOf(parent.idToken) }, images.samplePhoto(2), {
      complete: false,
    });
    const result = await checkout(parent, { productId: 'age10_hd', uploadId: pending });
    expect(result.status).toBe(409);
    expect(result.json.error.message).toBe(
      'Your previews are still being created. Please try again in a moment.',
    );
  });

  it("refuses a photo still held by the parent's visitor session (paid files must not expire)", async () => {
    const sessionId = crypto.randomUUID();
    const anonymous = await uploadPhoto({ sessionId }, images.samplePhoto(2));
    await runRenderWorker();
    const result = await callRoute('createCheckout', {
      ...(await asUser(parent)),
      sessionId,
      body: { productId: 'age10_hd', uploadId: anonymous },
    });
    expect(result.status).toBe(409);
    expect(result.json.error.message).toBe(
      'This photo is not saved to your account yet. Please sign in again, then try once more.',
    );
  });

  it('refuses to send the buyer back anywhere but the site', async () => {
    const result = await callRoute('createCheckout', {
      claims: await claimsOf(parent.idToken),
      headers: { origin: 'https://evil.example' },
      body: { productId: 'credits_1' },
    });
    expect(result.status).toBe(400);
  });

  it('needs a photo for age products and none for packs', async () => {
    expect((await checkout(parent, { productId: 'all3_hd' })).status).toBe(400);
    expect((await checkout(parent, { productId: 'credits_10', uploadId })).status).toBe(400);
  });

  it('opens a session at the catalog price with return URLs on the site', async () => {
    const result = await checkout(parent, { productId: 'age10_hd', uploadId });
    expect(result.status).toBe(200);
    const created = fake.sessions().find((s) => s.id === result.json.sessionId)!;
    expect(created.amount_total).toBe(695);
    expect(created.success_url).toBe(`${SITE}/result/${uploadId}?paid=true&session_id={CHECKOUT_SESSION_ID}`);
    expect(created.cancel_url).toBe(`${SITE}/result/${uploadId}`);
    expect(created.metadata).toMatchObject({ userSub: parent.sub, productId: 'age10_hd', uploadId });
    expect(result.json.url).toBe(`${fake.url}/checkout/${created.id}`);
  });
});

describe('paying unlocks HD once', () => {
  it('unlocks all three ages, serves 2000×2000 HD files and the clip’s unmarked previews to the owner only, and refuses a second purchase', async () => {
    const { redirect } = await buy(parent, { productId: 'all3_hd', uploadId });
    expect(redirect).toMatch(new RegExp(`^${SITE}/result/${uploadId}\\?paid=true&session_id=cs_`));
    expect((await jobsOf(uploadId)).map((job) => job.hdUnlocked)).toEqual([true, true, true]);

    const hd = await callRoute('downloadHd', {
      ...(await asUser(parent)),
      params: { uploadId },
      body: { disposition: 'attachment' },
    });
    expect(hd.status).toBe(200);
    expect(hd.json.files.map((f: { age: number }) => f.age)).toEqual([10, 16, 21]);
    const file = await fetch(hd.json.files[0].url);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="little-futures-age-10.jpg"');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2000, 2000]);

    const foreign = await callRoute('downloadHd', {
      ...(await asUser(other)),
      params: { uploadId },
      body: { disposition: 'attachment' },
    });
    expect(foreign.status).toBe(403);

    // The growth clip's pictures: each age at the preview's size, the same picture without its watermark.
    const clip = await callRoute('getHdPreviews', { ...(await asUser(parent)), params: { uploadId } });
    expect(clip.status).toBe(200);
    expect(clip.json.images.map((image: { age: number }) => image.age)).toEqual([10, 16, 21]);
    for (const [i, job] of (await jobsOf(uploadId)).entries()) {
      const unmarked = Buffer.from(clip.json.images[i].image.split(',')[1], 'base64');
      const preview = await deps.blobs.get('renders', job.previewKey!);
      const unmarkedSize = await sharp(unmarked).metadata();
      expect([unmarkedSize.width, unmarkedSize.height]).toEqual([640, 640]);
      const gap = await watermarkGap(preview, unmarked);
      expect(showsWatermarkOnlyOnMarked(gap), JSON.stringify(gap)).toBe(true);
    }
    const foreignClip = await callRoute('getHdPreviews', { ...(await asUser(other)), params: { uploadId } });
    expect(foreignClip.status).toBe(403);
    const again = await checkout(parent, { productId: 'age10_hd', uploadId });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('These HD photos are already unlocked.');
  });

  it('fulfils the same event delivered 100 times exactly once', async () => {
    const buyer = await newParent();
    // Held back, so no delivery has been recorded yet: all 100 race into fulfilment.
    relay.hold = true;
    await buy(buyer, { productId: 'credits_10' }).finally(() => {
      relay.hold = false;
    });
    const [held] = relay.held.splice(0);
    const results = await Promise.all(Array.from({ length: 100 }, () => deliver(held)));
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect((await credits(buyer)).balance).toBe(10);
    expect(await deps.paymentStore.listLedger(buyer.sub, 50)).toHaveLength(1);
  });

  it('fulfils once when the webhook and the success page arrive at the same moment', async () => {
    const buyer = await newParent();
    relay.hold = true;
    const { sessionId } = await buy(buyer, { productId: 'credits_20' }).finally(() => {
      relay.hold = false;
    });
    const [held] = relay.held.splice(0);
    const [webhook, confirmed] = await Promise.all([
      deliver(held),
      callRoute('confirmCheckout', { ...(await asUser(buyer)), body: { sessionId } }),
    ]);
    expect([webhook.status, confirmed.status]).toEqual([200, 200]);
    expect(confirmed.json).toEqual({ status: 'fulfilled', productId: 'credits_20', uploadId: null });
    expect((await credits(buyer)).balance).toBe(20);
    expect(await deps.paymentStore.listLedger(buyer.sub, 50)).toHaveLength(1);
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('fulfilled');
  });

  it('refuses forged and stale signatures and a malformed body, changing nothing', async () => {
    const buyer = await newParent();
    relay.hold = true;
    const { sessionId } = await buy(buyer, { productId: 'credits_1' }).finally(() => {
      relay.hold = false;
    });
    const [held] = relay.held.splice(0);
    const event = JSON.parse(held.payload);
    const forged = signedEvent(event.type, event.data.object, 'whsec_not_ours');
    const stale = signedEvent(event.type, event.data.object, WEBHOOK_SECRET, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const malformed = signedEvent('x', {}, WEBHOOK_SECRET);
    for (const attempt of [
      forged,
      stale,
      { payload: held.payload, signature: '' },
      { payload: '{not json', signature: malformed.signature },
    ]) {
      const result = await deliver(attempt);
      expect(result.status).toBe(400);
      expect(result.json.error.message).toBe('The webhook signature is not valid.');
    }
    expect((await credits(buyer)).balance).toBe(0);
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('pending');
    expect((await deliver(held)).status).toBe(200);
    expect((await credits(buyer)).balance).toBe(1);
  });

  it('fulfils a paid session even when its order record was never written', async () => {
    const buyer = await newParent();
    const { id } = await deps.payments.createCheckoutSession({
      productId: 'credits_10',
      mode: 'payment',
      name: 'Ten-Pack',
      priceCents: 495,
      successUrl: `${SITE}/my-photos?paid=true&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${SITE}/pricing`,
      clientReferenceId: buyer.sub,
      metadata: { userSub: buyer.sub, productId: 'credits_10' },
    });
    await pay(id);
    expect((await credits(buyer)).balance).toBe(10);
    expect((await deps.paymentStore.getOrder(id))?.status).toBe('fulfilled');
  });

  it('acknowledges and ignores a paid session that is not ours', async () => {
    const session = { ...fake.sessions()[0], id: 'cs_test_not_ours', metadata: {}, status: 'complete' };
    const result = await deliver(signedEvent('checkout.session.completed', session, WEBHOOK_SECRET));
    expect(result.status).toBe(200);
    expect(await deps.paymentStore.getOrder('cs_test_not_ours')).toBeNull();
  });
});

describe('bundles render the ages they sell', () => {
  it('renders ages 2, 5 and 19 after payment, unlocked, and emails the parent once when 19 is done', async () => {
    const { sessionId } = await buy(parent, { productId: 'full_future_bundle', uploadId });
    const added = (await jobsOf(uploadId)).filter((job) => [2, 5, 19].includes(job.age));
    expect(added.map((job) => [job.age, job.status, job.hdUnlocked])).toEqual([
      [2, 'processing', true],
      [5, 'processing', true],
      [19, 'processing', true],
    ]);
    await runRenderWorker();
    expect((await jobsOf(uploadId)).map((job) => [job.age, job.status])).toEqual([
      [2, 'done'],
      [5, 'done'],
      [10, 'done'],
      [16, 'done'],
      [19, 'done'],
      [21, 'done'],
    ]);
    // A replay of the purchase neither re-renders nor re-sends anything.
    await callRoute('confirmCheckout', { ...(await asUser(parent)), body: { sessionId } });
    await runRenderWorker({ waitSeconds: 0 });
    const mails = readdirSync(outbox).map((name) =>
      JSON.parse(readFileSync(path.join(outbox, name), 'utf8')),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: parent.email,
      subject: 'Your Age 19 HD photo is ready ✨',
    });
    expect(mails[0].text).toContain(`${SITE}/result/${uploadId}`);
  });
});

describe('renders a purchase adds', () => {
  it('sends them again when their queue message was lost after payment', async () => {
    const photo = await uploadPhoto({ claims: await claimsOf(parent.idToken) }, images.samplePhoto(2));
    await runRenderWorker();
    relay.hold = true;
    const { sessionId } = await buy(parent, { productId: 'age_19_hd', uploadId: photo }).finally(() => {
      relay.hold = false;
    });
    const [held] = relay.held.splice(0);
    // The queue of the Lambda that confirms the checkout (the payments Lambda).
    const queue = lambdaDeps.payments.renderQueue;
    const enqueue = queue.enqueue;
    queue.enqueue = async () => {
      throw new Error('SQS is down (simulated)');
    };
    const confirmed = await callRoute('confirmCheckout', { ...(await asUser(parent)), body: { sessionId } });
    queue.enqueue = enqueue;
    expect(confirmed.status).toBe(500);
    const job = () => jobsOf(photo).then((jobs) => jobs.find((j) => j.age === 19)!);
    expect(await job()).toMatchObject({ status: 'processing', hdUnlocked: true, queuedAt: undefined });
    // Stripe's delivery arrives next: the order is fulfilled already, the render is sent again.
    expect((await deliver(held)).status).toBe(200);
    expect((await job()).queuedAt).toEqual(expect.any(String));
    await runRenderWorker();
    expect((await job()).status).toBe('done');
  });
});

describe('credits and the subscription', () => {
  it('makes HD unlimited while subscribed, refuses a second plan, and cancels at the period end', async () => {
    const buyer = await newParent();
    await buy(buyer, { productId: 'subscription_monthly' });
    const view = await callRoute('getCredits', await asUser(buyer));
    expect(view.json.subscription).toMatchObject({
      status: 'active',
      active: true,
      cancelAtPeriodEnd: false,
    });
    expect(await chargeFor(deps, buyer.sub, 'hd_keepsake')).toEqual({ via: 'subscription' });
    const second = await checkout(buyer, { productId: 'subscription_monthly' });
    expect(second.status).toBe(409);
    expect((await callRoute('cancelSubscription', await asUser(buyer))).status).toBe(200);
    const after = await callRoute('getCredits', await asUser(buyer));
    expect(after.json.subscription).toMatchObject({ active: true, cancelAtPeriodEnd: true });
  });

  it('stops the subscription when the parent deletes the account', async () => {
    const buyer = await newParent();
    await buy(buyer, { productId: 'subscription_monthly' });
    const subscriptionId = (await credits(buyer)).subscription!.id;
    expect((await callRoute('deleteAccount', await asUser(buyer))).status).toBe(200);
    expect(fake.subscriptions().find((s) => s.id === subscriptionId)?.cancel_at_period_end).toBe(true);
  });

  it("trusts Stripe's current state over a late event", async () => {
    const buyer = await newParent();
    await buy(buyer, { productId: 'subscription_monthly' });
    const live = fake.subscriptions().find((s) => s.metadata.userSub === buyer.sub)!;
    // A stale "canceled" copy delivered late, even with a newer timestamp, does not end a live plan.
    const stale = signedEvent(
      'customer.subscription.updated',
      { ...live, status: 'canceled' },
      WEBHOOK_SECRET,
      {
        created: Math.floor(Date.now() / 1000) + 60,
      },
    );
    expect((await deliver(stale)).status).toBe(200);
    const view = await callRoute('getCredits', await asUser(buyer));
    expect(view.json.subscription).toMatchObject({ status: 'active', active: true });
  });

  it('keeps the newest state when subscription events arrive out of order', async () => {
    const buyer = await newParent();
    const subscription = (status: string) => ({
      id: 'sub_out_of_order',
      object: 'subscription',
      status,
      cancel_at_period_end: false,
      current_period_end: Math.floor(Date.now() / 1000) + 86_400,
      metadata: { userSub: buyer.sub },
      items: { data: [] },
    });
    const now = Math.floor(Date.now() / 1000);
    const ended = signedEvent('customer.subscription.deleted', subscription('canceled'), WEBHOOK_SECRET, {
      created: now,
    });
    const started = signedEvent('customer.subscription.created', subscription('active'), WEBHOOK_SECRET, {
      created: now - 60,
    });
    expect((await deliver(ended)).status).toBe(200);
    expect((await deliver(started)).status).toBe(200);
    const view = await callRoute('getCredits', await asUser(buyer));
    expect(view.json.subscription).toMatchObject({ status: 'canceled', active: false });
  });
});
