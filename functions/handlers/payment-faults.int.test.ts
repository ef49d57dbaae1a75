/**
 * Payments under faults, on the emulators: Stripe's webhook before and after the success page (and
 * late replays), checkout, an HD keepsake; with S3 writes failing, DynamoDB throttling and lost
 * answers injected below the SDK's retries. Whatever the order or the fault: a 503 the caller may
 * retry and nothing half-written, then credited, unlocked, charged and queued exactly once.
 * Already in payments.int.test.ts: 100 concurrent deliveries, webhook and success page at the
 * same instant, bad signatures, a lost order record, SQS failing after payment.
 */
import http from 'node:http';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { S3_PREFIXES } from '@shared/deployment';
import { messages } from '@shared/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { startStripeFake } from '../../scripts/local/stripe-fake/stripe-fake';
import type { Deps } from '../core/deps';
import { type TableFault, withFailingPuts, withFaultyTable } from '../test-support/faults';
import { invokeRoute } from '../test-support/invoke';
import { givenCutout, givenTemplate } from '../test-support/moments';
import { readyUpload, userOwner } from '../test-support/records';
import { createTestApp } from '../test-support/test-app';
import { createHandlersOver } from './registry';

const SECRET_KEY = 'sk_test_payment_faults';
const WEBHOOK_SECRET = 'whsec_payment_faults';
const SITE = 'http://localhost:3000';

type Signed = { payload: string; signature: string };
/** Stripe's deliveries, held here so each test decides when (and to which deps) they arrive. */
const held: Signed[] = [];
const relay = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  held.push({
    payload: Buffer.concat(chunks).toString('utf8'),
    signature: String(req.headers['stripe-signature']),
  });
  res.writeHead(200).end('{}');
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
const fake = await startStripeFake({
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  webhookUrl: `http://127.0.0.1:${(relay.address() as { port: number }).port}/`,
  log: () => undefined,
});
const app = createTestApp({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
});
const { deps } = app;

afterAll(async () => {
  await app.purgeRenderQueue();
  await fake.stop();
  await new Promise((resolve) => relay.close(resolve));
});

/** A signed-in parent, with the claims API Gateway's authorizer passes on. */
function newBuyer() {
  const sub = crypto.randomUUID();
  const claims = { sub, email: `${sub}@example.com`, 'cognito:username': sub };
  return { sub, caller: { claims, headers: { origin: SITE } } };
}
type Buyer = ReturnType<typeof newBuyer>;

/** Checkout, then Pay on the fake's page: Stripe's signed event for the session, not yet delivered. */
async function paid(buyer: Buyer, body: { productId: string; uploadId?: string }, over: Deps = deps) {
  const started = await invokeRoute(createHandlersOver(over).httpHandlers, 'createCheckout', {
    ...buyer.caller,
    body,
  });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const sessionId = started.json.sessionId as string;
  const pay = await fetch(`${fake.url}/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(pay.status).toBe(303);
  const index = held.findIndex((event) => event.payload.includes(sessionId));
  expect(index).toBeGreaterThanOrEqual(0);
  return { sessionId, event: held.splice(index, 1)[0] };
}

/** The webhook and the success page, each run by the handlers of the given deps (a container). */
const webhook = (event: Signed, over: Deps = deps) =>
  invokeRoute(createHandlersOver(over).httpHandlers, 'stripeWebhook', {
    rawBody: event.payload,
    headers: { 'stripe-signature': event.signature },
  });
const successPage = (buyer: Buyer, sessionId: string, over: Deps = deps) =>
  invokeRoute(createHandlersOver(over).httpHandlers, 'confirmCheckout', {
    ...buyer.caller,
    body: { sessionId },
  });

const faultyAt = (fault: TableFault) => withFaultyTable(deps, fault);

/** The buyer's photo, its age-10 preview done (what checkout asks before it sells HD). */
async function photoOf(buyer: Buyer) {
  return (await readyUpload(deps.uploads, deps.clock, userOwner(buyer.sub), { statuses: { 10: 'done' } }))
    .upload.id;
}

async function expectCredited(buyer: Buyer, credits: number, sessionId: string) {
  expect((await deps.paymentStore.getCredits(buyer.sub)).balance).toBe(credits);
  const ledger = await deps.paymentStore.listLedger(buyer.sub, 10);
  expect(ledger.map(({ delta, ref, balanceAfter }) => ({ delta, ref, balanceAfter }))).toEqual(
    credits ? [{ delta: credits, ref: sessionId, balanceAfter: credits }] : [],
  );
}

/** The ages of this upload's render messages on the queue, sorted (read once per upload: they stay received). */
async function queuedRenders(uploadId: string) {
  const sqs = new SQSClient({ region: process.env.AWS_REGION });
  const ages: number[] = [];
  for (let poll = 0; poll < 20; poll++) {
    const received = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: process.env.RENDER_QUEUE_URL!,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 0,
        VisibilityTimeout: 60,
      }),
    );
    if (!received.Messages?.length) break;
    for (const message of received.Messages) {
      const body = JSON.parse(message.Body ?? '{}');
      if (body.uploadId === uploadId) ages.push(body.age);
    }
  }
  return ages.sort((a, b) => a - b);
}

describe('checkout, the webhook and the success page in either order', () => {
  it('opens a checkout whose order was written though the answer was lost, and fulfils it once', async () => {
    const buyer = newBuyer();
    const lossy = faultyAt({ command: 'PutItemCommand', attempts: 1, fault: 'response-lost' });
    const { sessionId, event } = await paid(buyer, { productId: 'credits_10' }, lossy.deps);
    expect(lossy.injected.failures).toBe(1);
    expect((await webhook(event)).status).toBe(200);
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('fulfilled');
    await expectCredited(buyer, 10, sessionId);
  });

  it.each(['webhook', 'success page'])(
    'credits and unlocks once when the %s comes first, and ignores late replays',
    async (first) => {
      const buyer = newBuyer();
      const uploadId = await photoOf(buyer);
      const pack = await paid(buyer, { productId: 'credits_10' });
      const age19 = await paid(buyer, { productId: 'age_19_hd', uploadId });
      for (const { sessionId, event } of [pack, age19]) {
        const calls = [() => webhook(event), () => successPage(buyer, sessionId)];
        if (first === 'success page') calls.reverse();
        for (const call of calls) expect((await call()).status).toBe(200);
        // Stripe retries a delivery it believes failed, days later: still nothing new.
        expect((await webhook(event)).status).toBe(200);
        const again = await successPage(buyer, sessionId);
        expect(again.json.status).toBe('fulfilled');
        expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('fulfilled');
        expect(await deps.paymentStore.hasProcessedEvent(JSON.parse(event.payload).id)).toBe(true);
      }
      await expectCredited(buyer, 10, pack.sessionId);
      const job = (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((j) => j.age === 19);
      expect(job).toMatchObject({ status: 'processing', hdUnlocked: true, unlockedBy: age19.sessionId });
      expect(job?.queuedAt).toEqual(expect.any(String));
      expect(await queuedRenders(uploadId)).toEqual([19]);
    },
  );
});

describe('DynamoDB throttling while fulfilling', () => {
  it("writes nothing when the webhook's transaction is throttled; Stripe's retry credits once", async () => {
    const buyer = newBuyer();
    const { sessionId, event } = await paid(buyer, { productId: 'credits_10' });
    const throttled = faultyAt({
      command: 'TransactWriteItemsCommand',
      attempts: 'all',
      fault: 'ThrottlingException',
    });
    const refused = await webhook(event, throttled.deps);
    expect([refused.status, refused.json.error.message]).toEqual([503, messages.serverError]);
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('pending');
    expect(await deps.paymentStore.hasProcessedEvent(JSON.parse(event.payload).id)).toBe(false);
    await expectCredited(buyer, 0, sessionId);

    expect((await webhook(event, throttled.deps)).status).toBe(200);
    expect((await successPage(buyer, sessionId)).json.status).toBe('fulfilled');
    await expectCredited(buyer, 10, sessionId);
  });

  it('unlocks nothing when the success page is throttled; the webhook after it unlocks once', async () => {
    const buyer = newBuyer();
    const uploadId = await photoOf(buyer);
    const { sessionId, event } = await paid(buyer, { productId: 'age10_hd', uploadId });
    const throttled = faultyAt({ command: 'TransactWriteItemsCommand', attempts: 'all' });
    expect((await successPage(buyer, sessionId, throttled.deps)).status).toBe(503);
    const job10 = async () =>
      (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((j) => j.age === 10);
    expect(await job10()).toMatchObject({ hdUnlocked: false, unlockedBy: undefined });
    expect((await deps.paymentStore.getOrder(sessionId))?.status).toBe('pending');

    expect((await webhook(event)).status).toBe(200);
    expect(await job10()).toMatchObject({ hdUnlocked: true, unlockedBy: sessionId });
    expect((await successPage(buyer, sessionId, throttled.deps)).json.status).toBe('fulfilled');
    expect(throttled.injected.failures).toBe(4);
  });

  it('credits once when the answer to the fulfilment transaction was lost and the SDK resent it', async () => {
    const buyer = newBuyer();
    const { sessionId, event } = await paid(buyer, { productId: 'credits_10' });
    const lossy = faultyAt({ command: 'TransactWriteItemsCommand', attempts: 1, fault: 'response-lost' });
    expect((await webhook(event, lossy.deps)).status).toBe(200);
    expect(lossy.injected.failures).toBe(1);
    expect((await successPage(buyer, sessionId)).json.status).toBe('fulfilled');
    await expectCredited(buyer, 10, sessionId);
  });

  it('credits once when recording the event is throttled after the credits were added', async () => {
    const buyer = newBuyer();
    const { sessionId, event } = await paid(buyer, { productId: 'credits_20' });
    // The one PutItem of a credits delivery is the processed-event record, written after the effect.
    const throttled = faultyAt({ command: 'PutItemCommand', attempts: 'all' });
    expect((await webhook(event, throttled.deps)).status).toBe(503);
    await expectCredited(buyer, 20, sessionId);
    expect(await deps.paymentStore.hasProcessedEvent(JSON.parse(event.payload).id)).toBe(false);

    expect((await webhook(event, throttled.deps)).status).toBe(200);
    expect(await deps.paymentStore.hasProcessedEvent(JSON.parse(event.payload).id)).toBe(true);
    await expectCredited(buyer, 20, sessionId);
  });
});

describe('an HD keepsake under faults', () => {
  it('charges its credit once, though its file write failed and then its debit was throttled', async () => {
    const buyer = newBuyer();
    const pack = await paid(buyer, { productId: 'credits_1' });
    expect((await webhook(pack.event)).status).toBe(200);
    const uploadId = await photoOf(buyer);
    await givenCutout(deps, uploadId);
    const template = await givenTemplate(deps);
    // One click: the browser sends the same request id on every retry.
    const body = {
      requestId: crypto.randomUUID(),
      templateId: template.id,
      uploadId,
      placement: { x: 0.5, y: 0.55, scale: 0.4, rotation: -10 },
    };
    const make = (over: Deps) =>
      invokeRoute(createHandlersOver(over).httpHandlers, 'createHdComposition', { ...buyer.caller, body });
    const charges = async () =>
      (await deps.paymentStore.listLedger(buyer.sub, 10)).filter((entry) => entry.delta < 0);

    const s3Down = withFailingPuts(
      deps,
      (_bucket, key) => key.startsWith(S3_PREFIXES.compositions.prefix) && key.endsWith('/hd.jpg'),
    );
    expect((await make(s3Down.deps)).status).toBe(503);
    expect(s3Down.injected.failures).toBe(1);
    const throttled = faultyAt({ command: 'TransactWriteItemsCommand', attempts: 'all' });
    expect((await make(throttled.deps)).status).toBe(503);
    expect(await charges()).toEqual([]);
    expect(await deps.compositions.getHdComposition(buyer.sub, body.requestId)).toBeNull();

    const made = await make(deps);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json).toMatchObject({ quality: 'hd', paidWith: 'credits', balance: 0 });
    const again = await make(deps);
    expect(again.json.compositionId).toBe(made.json.compositionId);
    expect((await charges()).map(({ delta, ref }) => ({ delta, ref }))).toEqual([
      { delta: -1, ref: made.json.compositionId },
    ]);
    expect((await deps.paymentStore.getCredits(buyer.sub)).balance).toBe(0);
  });
});
