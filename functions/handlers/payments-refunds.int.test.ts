/**
 * Money going back, end to end on the emulators: the real handlers, DynamoDB Local, the official
 * Stripe SDK against the local Stripe fake, whose refunds, cancellations and disputes come back to
 * the real webhook as signed events. One subscription per parent, paid twice, refunds made in the
 * dashboard, disputes, and a paid render that fails for good.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStripeFake } from '../../scripts/local/stripe-fake/stripe-fake';
import { recordRenderFailure } from '../core/render/render-job';
import { claimsOf, newParent } from '../test-support/cognito';
import { spendOnKeepsake } from '../test-support/credits';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const SECRET_KEY = 'sk_test_refunds_int';
const WEBHOOK_SECRET = 'whsec_refunds_int';
const SITE = 'http://localhost:3000';

/** Stands in for the gateway at the webhook URL. */
const relayServer = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const result = await callRoute('stripeWebhook', {
    rawBody: Buffer.concat(chunks).toString('utf8'),
    headers: { 'stripe-signature': String(req.headers['stripe-signature'] ?? '') },
  });
  res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.json));
});
await new Promise<void>((resolve) => relayServer.listen(0, '127.0.0.1', resolve));
const fake = await startStripeFake({
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  webhookUrl: `http://127.0.0.1:${(relayServer.address() as { port: number }).port}/`,
  log: () => undefined,
});
const { callRoute, deps, lambdaDeps, runRenderWorker, uploadPhoto } = createTestApp({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
});

type Parent = Awaited<ReturnType<typeof newParent>>;

const asUser = async (parent: Parent) => ({
  claims: await claimsOf(parent.idToken),
  headers: { origin: SITE },
});
const checkout = async (parent: Parent, body: Record<string, unknown>) =>
  callRoute('createCheckout', { ...(await asUser(parent)), body });

async function pay(sessionId: string) {
  const response = await fetch(`${fake.url}/checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  await fake.settled();
}

async function buy(parent: Parent, body: Record<string, unknown>) {
  const started = await checkout(parent, body);
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  await pay(started.json.sessionId);
  return started.json.sessionId as string;
}

const sessionOf = (id: string) => fake.sessions().find((session) => session.id === id)!;
const jobsOf = async (uploadId: string) => (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;

/** The `alert` fields logged, in order (what the CloudWatch metric filters count), by any Lambda or the test. */
const alerts: string[] = [];
for (const logger of new Set([deps.logger, ...Object.values(lambdaDeps).map((own) => own.logger)])) {
  for (const level of ['warn', 'error'] as const) {
    const original = logger[level].bind(logger) as (message: unknown, extra?: object) => void;
    const record = (message: unknown, extra?: { alert?: string }) => {
      if (extra?.alert) alerts.push(extra.alert);
      original(message, extra);
    };
    vi.spyOn(logger, level).mockImplementation(record as never);
  }
}
const alertsSince = (mark: number) => alerts.slice(mark);
const alertCount = () => alerts.length;

let parent: Parent;
let uploadId: string;

beforeAll(async () => {
  parent = await newParent();
  uploadId = await uploadPhoto({ claims: await claimsOf(parent.idToken) }, images.samplePhoto(2));
  await runRenderWorker();
});

afterAll(async () => {
  await fake.stop();
  await new Promise((resolve) => relayServer.close(resolve));
});

describe('one subscription per parent', () => {
  it('gives every tab the one open subscription checkout, and expires the ones that lost the race', async () => {
    const buyer = await newParent();
    const started = await Promise.all(
      [1, 2, 3].map(() => checkout(buyer, { productId: 'subscription_monthly' })),
    );
    expect(started.map((result) => result.status)).toEqual([200, 200, 200]);
    const ids = new Set(started.map((result) => result.json.sessionId));
    expect(ids.size).toBe(1);
    const [kept] = ids;
    const mine = fake.sessions().filter((session) => session.metadata.userSub === buyer.sub);
    expect(mine.filter((session) => session.status === 'open').map((session) => session.id)).toEqual([kept]);

    await pay(kept);
    const after = await checkout(buyer, { productId: 'subscription_monthly' });
    expect(after.status).toBe(409);
    expect(after.json.error.message).toBe('You already have an active subscription.');
  });

  it('cancels and refunds a second subscription paid behind the rule, keeping the first', async () => {
    const buyer = await newParent();
    const mark = alertCount();
    const first = await buy(buyer, { productId: 'subscription_monthly' });
    // A second session made straight at Stripe (as one opened before this rule existed would be).
    const other = await deps.payments.createCheckoutSession({
      productId: 'subscription_monthly',
      mode: 'subscription',
      name: 'Subscription',
      priceCents: 1495,
      interval: 'month',
      successUrl: `${SITE}/my-photos`,
      cancelUrl: `${SITE}/pricing`,
      clientReferenceId: buyer.sub,
      metadata: { userSub: buyer.sub, productId: 'subscription_monthly' },
    });
    await pay(other.id);

    const keptId = sessionOf(first).subscription!;
    const extraId = sessionOf(other.id).subscription!;
    const status = (id: string) => fake.subscriptions().find((sub) => sub.id === id)?.status;
    expect([status(keptId), status(extraId)]).toEqual(['active', 'canceled']);
    expect((await deps.paymentStore.getCredits(buyer.sub)).subscription).toMatchObject({
      id: keptId,
      status: 'active',
    });
    const refunds = fake.refunds().filter((refund) => refund.metadata.ref === extraId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1495, metadata: { reason: 'second_subscription' } });
    expect(alertsSince(mark)).toEqual(['refund']);
  });
});

describe('money problems reach a person', () => {
  it('refunds the second of two tabs that paid for the same photo, once, and hears Stripe confirm it', async () => {
    const mark = alertCount();
    const [a, b] = await Promise.all([1, 2].map(() => checkout(parent, { productId: 'age10_hd', uploadId })));
    await pay(a.json.sessionId);
    await pay(b.json.sessionId);
    const paymentIntent = sessionOf(b.json.sessionId).payment_intent!;

    const refunds = fake.refunds().filter((refund) => refund.payment_intent === paymentIntent);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 695, metadata: expect.objectContaining({ reason: 'paid_twice' }) }),
    ]);
    const age10 = (await jobsOf(uploadId)).find((job) => job.age === 10)!;
    expect(age10).toMatchObject({ hdUnlocked: true, unlockedBy: a.json.sessionId });
    // Stripe's own charge.refunded for it came back: our refund, so nothing was taken.
    expect(fake.deliveries().some((d) => d.event.type === 'charge.refunded' && d.status === 200)).toBe(true);
    expect(alertsSince(mark)).toEqual(['refund']);
  });

  it('takes back a pack refunded in the dashboard, credits never below zero, in the ledger', async () => {
    const buyer = await newParent();
    const sessionId = await buy(buyer, { productId: 'credits_10' });
    await spendOnKeepsake(deps, buyer.sub, 3);
    const mark = alertCount();
    expect(fake.refundFromDashboard(sessionOf(sessionId).payment_intent!)).toBe(true);
    await fake.settled();

    expect((await deps.paymentStore.getCredits(buyer.sub)).balance).toBe(0);
    const [latest] = await deps.paymentStore.listLedger(buyer.sub, 1);
    expect(latest).toMatchObject({
      delta: -7,
      reason: 'refund',
      ref: expect.stringMatching(/^evt_/),
      balanceAfter: 0,
    });
    expect(alertsSince(mark)).toEqual(['refund']);
  });

  it('locks the HD of a disputed order again and alerts, once however often Stripe says it', async () => {
    const buyer = await newParent();
    const photo = await uploadPhoto({ claims: await claimsOf(buyer.idToken) }, images.samplePhoto(2));
    await runRenderWorker();
    const sessionId = await buy(buyer, { productId: 'all3_hd', uploadId: photo });
    const mark = alertCount();
    const paymentIntent = sessionOf(sessionId).payment_intent!;
    fake.dispute(paymentIntent);
    fake.dispute(paymentIntent);
    await fake.settled();

    expect((await jobsOf(photo)).map((job) => job.hdUnlocked)).toEqual([false, false, false]);
    expect((await deps.paymentStore.getOrder(sessionId))?.revokedAges).toEqual([10, 16, 21]);
    const hd = await callRoute('downloadHd', {
      ...(await asUser(buyer)),
      params: { uploadId: photo },
      body: {},
    });
    expect(hd.status).not.toBe(200);
    expect(alertsSince(mark)).toEqual(['dispute', 'dispute']);
  });
});

describe('a paid render that fails for good', () => {
  it("refunds that age's share of the bundle through Stripe, once, and locks its HD", async () => {
    const buyer = await newParent();
    const photo = await uploadPhoto({ claims: await claimsOf(buyer.idToken) }, images.samplePhoto(2));
    await runRenderWorker();
    const sessionId = await buy(buyer, { productId: 'full_future_bundle', uploadId: photo });
    const mark = alertCount();
    // The worker's last attempt at age 19 fails (the queue gave up), twice over as a redelivery would.
    await recordRenderFailure(deps, { uploadId: photo, age: 19 }, 3, new Error('provider down'));
    await recordRenderFailure(deps, { uploadId: photo, age: 19 }, 3, new Error('provider down'));
    await fake.settled();

    const refunds = fake.refunds().filter((r) => r.payment_intent === sessionOf(sessionId).payment_intent);
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: 331,
        metadata: {
          reason: 'render_failed',
          ref: sessionId,
          part: 'age-19',
          lf_refund_key: `lf-refund:${sessionId}:age-19`,
        },
      }),
    ]);
    const age19 = (await jobsOf(photo)).find((job) => job.age === 19);
    expect(age19).toMatchObject({ status: 'failed', hdUnlocked: false });
    expect(alertsSince(mark)).toEqual(['paid-render-failed']);
  });
});

describe('the Stripe adapter refunds once', () => {
  it('even when a retry comes after Stripe forgot the idempotency key (it finds the refund by its metadata)', async () => {
    const buyer = await newParent();
    const sessionId = await buy(buyer, { productId: 'credits_50' });
    const request = {
      payment: { checkoutSessionId: sessionId },
      amountCents: 500,
      idempotencyKey: `lf-refund:${sessionId}:test`,
      metadata: { reason: 'test' },
    };
    const first = await deps.payments.refund(request);
    fake.forgetIdempotencyKeys();
    const again = await deps.payments.refund(request);
    await fake.settled();
    expect(again.id).toBe(first.id);
    const paymentIntent = sessionOf(sessionId).payment_intent;
    expect(fake.refunds().filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1);
  });
});
