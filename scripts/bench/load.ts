/**
 * npm run bench:load — the product under a burst, on a throwaway local stack (127.0.0.1 only):
 *  1. 100 visitors upload at once and poll their status like the progress page: 300 render jobs,
 *     every one done exactly once (none lost, none completed twice), status p95 printed;
 *  2. 50 signed-in parents press Generate on a Moments HD keepsake at once, twice each (two tabs),
 *     with 10 credits between them (5 parents bought 2): exactly 10 keepsakes are made and paid,
 *     the other 90 clicks get 402, no balance goes below 0, a retry of a made one is not charged.
 * And the requests by AWS service (DynamoDB, S3, SQS, Lambda) per age preview and per HD keepsake,
 * for one visitor or parent alone and under the burst, for the cost model (see aws-requests.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SESSION_HEADER } from '@shared/api';
import { PREVIEW_AGES } from '@shared/catalog';
import { keyedWebhookUrl } from '@shared/deployment';
import { PROGRESS_POLL_MS } from '@shared/rules/progress';
import sharp from 'sharp';
import { LOCAL_STRIPE } from '../local/stripe-fake/local-payments';
import { signedEvent } from '../local/stripe-fake/objects';
import { type Counts, portsOf, startCounting, summarise } from './aws-requests';
import { newSignedInUser, percentile, startBenchStack, visitorHeaders } from './bench-stack';
import { costPerThousand, formatCost, KEEPSAKE_ASSUMPTIONS, PREVIEW_ASSUMPTIONS } from './cost-model';
import { call, inBatches } from './fresh-http';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 100);
const PARENTS = Number(process.env.BENCH_PARENTS ?? 50);
const CREDITED_PARENTS = 5;
const CREDITS_EACH = 2;
/** Every wait is bounded: a lost job fails the run instead of hanging it. */
const JOBS_TIMEOUT_MS = 8 * 60_000;

const require = createRequire(import.meta.url);
const sample = readFileSync(
  join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg'),
);
// A phone photo scaled down as the upload page does before sending; keeps 300 renders within minutes.
const photo = await sharp(sample).resize({ width: 1024 }).jpeg({ quality: 85 }).toBuffer();

let counter: ReturnType<typeof startCounting> | undefined;
// Each job's completions, as the render worker (a process of its own) records them.
const completions = new Map<string, { calls: number; done: number }>();
const stack = await startBenchStack({
  onWorkerBatch: (worker) => counter?.workerInvoked(worker),
  onJobCompletion: ({ uploadId, age, done }) => {
    const entry = completions.get(`${uploadId}/${age}`) ?? { calls: 0, done: 0 };
    completions.set(`${uploadId}/${age}`, { calls: entry.calls + 1, done: entry.done + Number(done) });
  },
});
const url = stack.url.replace('localhost', '127.0.0.1');
counter = startCounting(portsOf(stack.env), Number(new URL(url).port));
const { deps } = stack;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * "complete" as the upload page's Try again does it: this one process runs every request's handler
 * on two shared cores, so under the burst some wait past the gateway's 30 s and get 503; the
 * visitor tries again a few seconds later, and 409 (already processing) means an earlier try got
 * through. Counted and printed.
 */
let completeRetries = 0;
async function completeWithRetries(target: string, headers: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const response = await call(target, { method: 'POST', headers });
    if (response.ok || (attempt > 1 && response.status === 409)) return;
    if (response.status !== 503 || attempt === 5)
      throw new Error(`complete ${response.status} ${await response.text()}`);
    completeRetries++;
    await sleep(2000 + Math.random() * 3000);
  }
}

type Job = { age: number; status: string; previewUrl: string | null };

/** A visitor: upload, poll every 2 s with the ETag like the browser, then load the three previews. */
async function visitor(statusMs: number[]): Promise<{ uploadId: string; jobs: Job[] }> {
  const headers = await visitorHeaders(url);
  const created = await call(`${url}/api/uploads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ contentType: 'image/jpeg', size: photo.length }),
  }).then((r) => r.json());
  const put = await call(created.uploadUrl, { method: 'PUT', headers: created.headers, body: photo });
  if (!put.ok) throw new Error(`PUT ${put.status}`);
  const uploadId = created.uploadId as string;
  await completeWithRetries(`${url}/api/uploads/${uploadId}/complete`, headers);
  const deadline = Date.now() + JOBS_TIMEOUT_MS;
  let etag: string | null = null;
  let jobs: Job[] = [];
  while (Date.now() < deadline) {
    const started = performance.now();
    const response: Response = await call(`${url}/api/uploads/${uploadId}`, {
      headers: { [SESSION_HEADER]: headers[SESSION_HEADER], ...(etag ? { 'if-none-match': etag } : {}) },
    });
    const text = await response.text();
    statusMs.push(performance.now() - started);
    if (response.status === 200) {
      etag = response.headers.get('etag');
      jobs = JSON.parse(text).jobs;
      if (jobs.length && jobs.every((j) => j.status !== 'processing')) break;
    } else if (response.status !== 304) throw new Error(`status ${response.status}: ${text}`);
    await sleep(PROGRESS_POLL_MS);
  }
  for (const job of jobs) if (job.previewUrl) await (await call(new URL(job.previewUrl, url))).arrayBuffer();
  return { uploadId, jobs };
}

type Parent = Awaited<ReturnType<typeof newSignedInUser>>;
const asParent = (parent: Parent) => ({
  authorization: `Bearer ${parent.idToken}`,
  'content-type': 'application/json',
  origin: url,
});

async function api(parent: Parent, method: string, path: string, body?: object) {
  const response = await call(`${url}${path}`, {
    method,
    headers: asParent(parent),
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** Buys credits the real way: checkout, then Stripe's signed "paid" event at our webhook. */
async function buyCredit(parent: Parent) {
  const checkout = await api(parent, 'POST', '/api/checkout', { productId: 'credits_1' });
  if (checkout.status !== 200)
    throw new Error(`checkout ${checkout.status} ${JSON.stringify(checkout.json)}`);
  const session = await call(`${stack.env.STRIPE_API_BASE}/v1/checkout/sessions/${checkout.json.sessionId}`, {
    headers: { authorization: `Bearer ${LOCAL_STRIPE.secretKey}` },
  }).then((r) => r.json());
  const paid = { ...session, status: 'complete', payment_status: 'paid', url: null };
  const { payload, signature } = signedEvent('checkout.session.completed', paid, LOCAL_STRIPE.webhookSecret);
  const hook = await call(keyedWebhookUrl(`${url}/api/stripe/webhook`, stack.env.WEBHOOK_KEY), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!hook.ok) throw new Error(`webhook ${hook.status} ${await hook.text()}`);
}

/** The parent's keepsake photo, uploaded and cut out (the Moments editor's first steps). */
async function keepsakePhoto(parent: Parent): Promise<string> {
  const created = await api(parent, 'POST', '/api/uploads', {
    contentType: 'image/jpeg',
    size: photo.length,
    purpose: 'keepsake',
  });
  const put = await call(created.json.uploadUrl, {
    method: 'PUT',
    headers: created.json.headers,
    body: photo,
  });
  if (!put.ok) throw new Error(`PUT ${put.status}`);
  const uploadId = created.json.uploadId as string;
  const completed = await api(parent, 'POST', `/api/uploads/${uploadId}/complete`);
  const cutout = await api(parent, 'POST', `/api/uploads/${uploadId}/cutout`);
  if (completed.status !== 200 || cutout.status !== 200)
    throw new Error(`keepsake photo: ${completed.status} ${cutout.status} ${JSON.stringify(cutout.json)}`);
  return uploadId;
}

let templateId = '';
const placement = { x: 0.5, y: 0.55, scale: 0.6, rotation: 0 };
const generateHd = (parent: Parent, uploadId: string, requestId = crypto.randomUUID()) =>
  api(parent, 'POST', '/api/compositions/hd', { requestId, templateId, uploadId, placement }).then((r) => ({
    ...r,
    requestId,
  }));

function report(title: string, counts: Counts, per: number, unit: string) {
  console.log(`  ${title}: requests per ${unit}`);
  for (const line of summarise(counts, per)) console.log(line);
}

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

try {
  const templates = await call(`${url}/api/templates`).then((r) => r.json());
  templateId = templates.templates[0].templateId;
  // Warm-up: the first render and cut-out load their models (a Lambda cold start).
  const warm = await newSignedInUser({ url, env: stack.env });
  await visitor([]);
  await keepsakePhoto(warm);
  counter.take();

  // One visitor alone: what one photo's three age previews cost.
  console.log(`Age previews (photo ${photo.length} bytes, polling every ${PROGRESS_POLL_MS} ms)`);
  await visitor([]);
  const oneVisitor = counter.take();

  // 1. The burst of visitors.
  const statusMs: number[] = [];
  const started = performance.now();
  const visits = await Promise.all(Array.from({ length: VISITORS }, () => visitor(statusMs)));
  const seconds = (performance.now() - started) / 1000;
  const burst = counter.take();
  const jobs = visits.flatMap((v) => v.jobs.map((j) => ({ ...j, uploadId: v.uploadId })));
  const done = jobs.filter((j) => j.status === 'done').length;
  const expected = VISITORS * PREVIEW_AGES.length;
  const theirs = jobs.map((j) => completions.get(`${j.uploadId}/${j.age}`) ?? { calls: 0, done: 0 });
  console.log(
    `  ${VISITORS} visitors at once: ${done}/${expected} jobs done in ${seconds.toFixed(1)} s; ` +
      `status p50 ${percentile(statusMs, 50).toFixed(0)} ms, p95 ${percentile(statusMs, 95).toFixed(0)} ms, ` +
      `max ${Math.max(...statusMs).toFixed(0)} ms over ${statusMs.length} polls; ${completeRetries} "complete" retried after a 503`,
  );
  check(done === expected && jobs.length === expected, `${expected} render jobs done, 0 lost`);
  check(
    theirs.every((c) => c.done === 1),
    `each job completed exactly once (0 duplicated; renders per job: max ${Math.max(...theirs.map((c) => c.calls))})`,
  );
  report('one visitor alone', oneVisitor, PREVIEW_AGES.length, 'age preview');
  for (const line of formatCost(
    'AWS cost per 1,000 age previews (list prices, AI excluded)',
    costPerThousand(oneVisitor, PREVIEW_AGES.length, PREVIEW_ASSUMPTIONS),
  ))
    console.log(line);
  report(`${VISITORS} visitors at once`, burst, expected, 'age preview');

  // 2. The burst of parents.
  console.log(
    `\nMoments HD keepsakes (${PARENTS} parents, ${CREDITED_PARENTS * CREDITS_EACH} credits between them)`,
  );
  const parents = await inBatches(Array.from({ length: PARENTS }), 10, () =>
    newSignedInUser({ url, env: stack.env }),
  );
  for (const parent of parents.slice(0, CREDITED_PARENTS))
    for (let n = 0; n < CREDITS_EACH; n++) await buyCredit(parent);
  const photos = await inBatches(parents, 4, keepsakePhoto);
  counter.take();

  // One parent alone, with a credit of its own: upload, cut-out, templates, HD, then view and save it.
  const alone = await newSignedInUser({ url, env: stack.env });
  await buyCredit(alone);
  counter.take();
  const aloneUpload = await keepsakePhoto(alone);
  await call(`${url}/api/templates`).then((r) => r.json());
  const made = await generateHd(alone, aloneUpload);
  if (made.status !== 200) throw new Error(`alone: HD ${made.status} ${JSON.stringify(made.json)}`);
  for (const link of [made.json.url, made.json.downloadUrl])
    await (await call(new URL(link, url))).arrayBuffer();
  const oneKeepsake = counter.take();

  const clicks = parents.flatMap((parent, i) => [0, 1].map(() => ({ parent, uploadId: photos[i] })));
  const hdStarted = performance.now();
  const results = await Promise.all(clicks.map(({ parent, uploadId }) => generateHd(parent, uploadId)));
  const hdSeconds = (performance.now() - hdStarted) / 1000;
  const hdBurst = counter.take();
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  const succeeded = results.filter((r) => r.status === 200);
  console.log(
    `  ${clicks.length} clicks at once in ${hdSeconds.toFixed(1)} s: ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  check(
    succeeded.length === CREDITED_PARENTS * CREDITS_EACH,
    `exactly ${CREDITED_PARENTS * CREDITS_EACH} succeed`,
  );
  check(statuses.get(402) === clicks.length - succeeded.length, 'every other click gets 402 (no credits)');
  const balances = await Promise.all(
    parents.map((p) => deps.paymentStore.getCredits(p.sub).then((c) => c.balance)),
  );
  check(
    balances.every((b) => b === 0),
    'every balance ends at 0, none below',
  );
  const retries = await Promise.all(
    succeeded.map((r, i) =>
      generateHd(clicks[results.indexOf(r)].parent, clicks[results.indexOf(r)].uploadId, r.requestId).then(
        (again) => ({ again, i }),
      ),
    ),
  );
  check(
    retries.every(
      ({ again, i }) =>
        again.status === 200 &&
        again.json.compositionId === succeeded[i].json.compositionId &&
        again.json.paidWith === 'none',
    ),
    'a retry of a made keepsake gives the same one, unpaid',
  );
  report('one parent alone (upload, cut-out, templates, HD, view and save)', oneKeepsake, 1, 'HD keepsake');
  for (const line of formatCost(
    'AWS cost per 1,000 HD keepsakes (list prices, AI excluded)',
    costPerThousand(oneKeepsake, 1, KEEPSAKE_ASSUMPTIONS),
  ))
    console.log(line);
  report(
    `${clicks.length} clicks at once (HD requests only, the ${clicks.length - succeeded.length} refused included)`,
    hdBurst,
    succeeded.length,
    'HD keepsake made',
  );
} finally {
  counter.stop();
  await stack.stop();
}
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed`);
  process.exit(1);
}
