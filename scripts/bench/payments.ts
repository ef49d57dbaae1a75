/**
 * npm run bench:payments — on a throwaway local stack (real gateway, handlers, DynamoDB Local and
 * the local Stripe fake):
 *  1. POST /api/checkout for a credit pack and for "All 3 Ages HD", with the time spent in the
 *     Stripe call measured separately and taken out (target ≤ 50 ms without Stripe);
 *  2. POST /api/stripe/webhook with a signed checkout.session.completed: verification, the
 *     fulfilment transaction and the event record (target p95 ≤ 150 ms).
 */
import { PREVIEW_AGES } from '@shared/catalog';
import { keyedWebhookUrl, storageKeys } from '@shared/deployment';
import { LOCAL_STRIPE } from '../local/stripe-fake/local-payments';
import { signedEvent } from '../local/stripe-fake/objects';
import { median, newSignedInUser, percentile, startBenchStack } from './bench-stack';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const stack = await startBenchStack();
const { deps } = stack;

// Time the provider call inside the handler so it can be taken out of the checkout figure.
const stripeMs: number[] = [];
const { payments } = stack.lambdaDeps.payments;
const createSession = payments.createCheckoutSession.bind(payments);
payments.createCheckoutSession = async (request) => {
  const started = performance.now();
  try {
    return await createSession(request);
  } finally {
    stripeMs.push(performance.now() - started);
  }
};

/** A finished photo of the user (three done previews), seeded through the real adapters. */
async function seedPhoto(sub: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const upload = {
    id,
    owner: `user:${sub}` as const,
    status: 'awaiting_file' as const,
    incomingKey: storageKeys.incoming(id),
    declaredType: 'image/jpeg',
    declaredSize: 1000,
    purpose: 'previews' as const,
    migrated: false,
    createdAt: now,
  };
  await deps.uploads.createUpload(upload);
  const jobs = PREVIEW_AGES.map((age) => ({
    uploadId: id,
    age,
    status: 'processing' as const,
    hdUnlocked: false,
    updatedAt: now,
  }));
  await deps.uploads.markReadyWithJobs(upload, storageKeys.original(`user:${sub}`, id), jobs);
  for (const age of PREVIEW_AGES) {
    await deps.uploads.completeJob(id, age, {
      previewKey: storageKeys.preview(id, age, 'bench'),
      hdKey: storageKeys.hd(id, age, 'bench'),
    });
  }
  return id;
}

async function startCheckout(idToken: string, body: object) {
  const started = performance.now();
  const response = await fetch(`${stack.url}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', origin: stack.url },
    body: JSON.stringify(body),
  });
  const elapsed = performance.now() - started;
  const json = (await response.json()) as { sessionId: string };
  if (!response.ok) throw new Error(`checkout: ${response.status} ${JSON.stringify(json)}`);
  return { sessionId: json.sessionId, elapsed, stripe: stripeMs.at(-1)! };
}

/** Stripe's event for a paid session, signed with the local webhook secret, timed at our webhook. */
async function deliverPaid(sessionId: string): Promise<number> {
  const session = await fetch(`${stack.env.STRIPE_API_BASE}/v1/checkout/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${LOCAL_STRIPE.secretKey}` },
  }).then((r) => r.json());
  const paid = { ...session, status: 'complete', payment_status: 'paid', url: null };
  const { payload, signature } = signedEvent('checkout.session.completed', paid, LOCAL_STRIPE.webhookSecret);
  const started = performance.now();
  const response = await fetch(keyedWebhookUrl(`${stack.url}/api/stripe/webhook`, stack.env.WEBHOOK_KEY), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`webhook: ${response.status} ${await response.text()}`);
  return elapsed;
}

try {
  const user = await newSignedInUser(stack);
  const figures = {
    packCheckout: [] as number[],
    photoCheckout: [] as number[],
    packWebhook: [] as number[],
  };
  const photoWebhook: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const pack = await startCheckout(user.idToken, { productId: 'credits_10' });
    const uploadId = await seedPhoto(user.sub);
    const photo = await startCheckout(user.idToken, { productId: 'all3_hd', uploadId });
    const packWebhook = await deliverPaid(pack.sessionId);
    const unlock = await deliverPaid(photo.sessionId);
    if (run === 0) continue; // warm-up
    figures.packCheckout.push(pack.elapsed - pack.stripe);
    figures.photoCheckout.push(photo.elapsed - photo.stripe);
    figures.packWebhook.push(packWebhook);
    photoWebhook.push(unlock);
  }
  const balance = (await deps.paymentStore.getCredits(user.sub)).balance;
  if (balance !== 10 * (RUNS + 1)) throw new Error(`expected ${10 * (RUNS + 1)} credits, found ${balance}`);

  const line = (label: string, values: number[], target: string) =>
    `  ${label.padEnd(44)} median ${median(values).toFixed(1).padStart(6)} ms   p95 ${percentile(values, 95)
      .toFixed(1)
      .padStart(6)} ms   ${target}`;
  console.log(`Payments on the local stack, ${RUNS} runs each (after one warm-up)`);
  console.log(
    line('POST /api/checkout, credit pack, Stripe excluded', figures.packCheckout, '(target ≤ 50 ms)'),
  );
  console.log(
    line('POST /api/checkout, All 3 Ages HD, Stripe excl.', figures.photoCheckout, '(target ≤ 50 ms)'),
  );
  console.log(`  (the Stripe call itself, to the local fake: median ${median(stripeMs).toFixed(1)} ms)`);
  console.log(
    line('webhook → credits added (transaction + ledger)', figures.packWebhook, '(target p95 ≤ 150 ms)'),
  );
  console.log(line('webhook → three ages unlocked', photoWebhook, '(target p95 ≤ 150 ms)'));
} finally {
  await stack.stop();
}
process.exit(0);
