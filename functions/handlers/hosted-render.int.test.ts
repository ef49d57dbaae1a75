/**
 * Hosted ageing end to end on the emulators: the real handlers, the replicate provider against the
 * local fake of the predictions API (its ageing model is the offline warp, so identities hold), the
 * fake's signed webhooks posted to the local gateway, and the real identity guard (face-api).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/api';
import type { TargetAge } from '@shared/catalog';
import { isHdSourceKey, keyedWebhookUrl } from '@shared/deployment';
import { messages } from '@shared/messages';
import { errorBodySchema } from '@shared/schemas/uploads';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startReplicateFake } from '../../scripts/local/replicate-fake/replicate-fake';
import { keys } from '../adapters/dynamo/table-design';
import { claimsOf, newParent } from '../test-support/cognito';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const fake = await startReplicateFake({ log: () => undefined });
const hostedSettings = (overrides: Record<string, string> = {}) => ({
  IMAGE_AI_PROVIDER: 'replicate',
  IMAGE_AI_REMOVE_BACKGROUND: 'offline',
  REPLICATE_API_BASE: fake.url,
  REPLICATE_API_TOKEN: 'r8_local_test',
  REPLICATE_WEBHOOK_SECRET: fake.secret,
  ...overrides,
});

const app = createTestApp(hostedSettings());
const gateway = await app.startGateway();
// With the key the gateway wants, as the render worker's config adds it in AWS.
app.deps.aiWebhookUrl = keyedWebhookUrl(
  new URL(routes.aiWebhook.path, gateway.url).href,
  app.env.WEBHOOK_KEY,
);
// The render worker starts the predictions: the provider calls back where its deps say.
app.lambdaDeps['render-worker'].aiWebhookUrl = app.deps.aiWebhookUrl;

const dynamo = new DynamoDBClient({ region: app.env.AWS_REGION });
const doc = DynamoDBDocumentClient.from(dynamo);

afterAll(async () => {
  await gateway.stop();
  await fake.stop();
  await app.purgeRenderQueue();
  dynamo.destroy();
});

/** What paying does to a job (payments.int.test.ts pays through Stripe's fake). */
const unlockHd = (uploadId: string, age: TargetAge) =>
  doc.send(
    new UpdateCommand({
      TableName: app.env.TABLE_NAME,
      Key: keys.job(uploadId, age),
      UpdateExpression: 'SET hdUnlocked = :true',
      ExpressionAttributeValues: { ':true': true },
    }),
  );

type Job = { age: number; status: string; failureReason?: string };
const jobsOf = async (testApp: typeof app, uploadId: string) =>
  ((await testApp.deps.uploads.getUploadWithJobs(uploadId))?.jobs ?? []) as (Job & Record<string, unknown>)[];

/** Runs the worker (renders, then the checks the webhooks queue) until every job has ended. */
async function workUntilEnded(testApp: typeof app, uploadId: string, rounds = 20) {
  for (let round = 0; round < rounds; round++) {
    await testApp.runRenderWorker({ maxBatches: 1 });
    const jobs = await jobsOf(testApp, uploadId);
    if (jobs.length && jobs.every((job) => job.status !== 'processing')) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`jobs still processing: ${JSON.stringify(await jobsOf(testApp, uploadId))}`);
}

describe('hosted ageing through the predictions API', () => {
  it("makes an upload's previews from the hosted model through the webhook, each checked by the identity guard", async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await app.uploadPhoto({ sessionId }, images.samplePhoto(2));

    // First round: the worker only starts the predictions; nothing is rendered yet.
    await app.runRenderWorker({ maxBatches: 1 });
    const started = await jobsOf(app, uploadId);
    expect(started.map((job) => [job.status, (job.prediction as { attempt: number }).attempt])).toEqual([
      ['processing', 1],
      ['processing', 1],
      ['processing', 1],
    ]);

    const jobs = await workUntilEnded(app, uploadId);
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done', 'done']);
    for (const job of jobs) {
      const check = job.hostedCheck as { identityDistance: number; estimatedAge: number; costUsd: number };
      expect(check.identityDistance).toBeLessThan(0.6);
      expect(check.estimatedAge).toBeGreaterThan(10);
      expect(check.costUsd).toBe(0.04);
    }
    // The fake signed and posted each webhook to the gateway, which verified it.
    expect(fake.deliveries().filter((d) => d.status === 200).length).toBeGreaterThanOrEqual(3);
    const view = await app.callRoute('getUpload', { sessionId, params: { uploadId } });
    expect(view.json.jobs.map((job: { previewUrl: string | null }) => job.previewUrl)).toEqual([
      expect.stringContaining(`previews/${uploadId}/10-`),
      expect.stringContaining(`previews/${uploadId}/16-`),
      expect.stringContaining(`previews/${uploadId}/21-`),
    ]);
  }, 120_000);

  it("stores the model's answer at its own size and makes the 2000 px HD file on its first download", async () => {
    const parent = await newParent();
    const caller = { claims: await claimsOf(parent.idToken) };
    const uploadId = await app.uploadPhoto(caller, images.samplePhoto(2));
    const [done] = (await workUntilEnded(app, uploadId)).filter((job) => job.age === 16);
    const sourceKey = done.hdKey as string;
    expect(isHdSourceKey(sourceKey)).toBe(true);
    expect((await sharp(await app.deps.blobs.get('renders', sourceKey)).metadata()).width).toBeLessThan(2000);

    await unlockHd(uploadId, 16);
    const download = () =>
      app.callRoute('downloadHd', { ...caller, params: { uploadId }, body: { disposition: 'attachment' } });
    const first = await download();
    expect(first.status).toBe(200);
    const file = await fetch(first.json.files[0].url);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 2000, 2000, undefined]);

    const hdKey = (await jobsOf(app, uploadId)).find((job) => job.age === 16)!.hdKey as string;
    expect(isHdSourceKey(hdKey)).toBe(false);
    expect(await app.deps.blobs.head('renders', sourceKey)).toBeNull();
    const again = await download();
    expect(new URL(again.json.files[0].url).pathname).toBe(new URL(first.json.files[0].url).pathname);
  }, 120_000);

  it('refuses a forged webhook at the gateway and queues nothing', async () => {
    const response = await fetch(app.deps.aiWebhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,Zm9yZ2Vk',
      },
      body: JSON.stringify({ id: 'forged', status: 'succeeded' }),
    });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json()).error.message).toBe(messages.webhookSignatureInvalid);
    expect((await app.runRenderWorker({ maxBatches: 1 })).delivered).toBe(0);
  });

  it('retries a result with no face once, then fails the job with the reason its card shows', async () => {
    const noFace = createTestApp(hostedSettings({ REPLICATE_MODEL_AGE_PROGRESS: 'fake/no-face' }));
    noFace.lambdaDeps['render-worker'].aiWebhookUrl = app.deps.aiWebhookUrl;
    const sessionId = crypto.randomUUID();
    const uploadId = await noFace.uploadPhoto({ sessionId }, images.samplePhoto(3));
    const jobs = await workUntilEnded(noFace, uploadId);
    expect(jobs.map((job) => [job.status, job.failureReason])).toEqual(
      [10, 16, 21].map(() => ['failed', messages.identityDrifted]),
    );
    for (const job of jobs) {
      expect(job.prediction).toMatchObject({ attempt: 2 });
      expect(job.hostedCheck).toMatchObject({ identityDistance: null, estimatedAge: null });
    }
  }, 120_000);

  it('fails the jobs with a clear reason when no API token is configured', async () => {
    const unconfigured = createTestApp(hostedSettings({ REPLICATE_API_TOKEN: '' }));
    const sessionId = crypto.randomUUID();
    const uploadId = await unconfigured.uploadPhoto({ sessionId }, images.samplePhoto(2));
    await unconfigured.runRenderWorker({ maxBatches: 1 });
    const jobs = await jobsOf(unconfigured, uploadId);
    expect(jobs.map((job) => [job.status, job.failureReason])).toEqual(
      [10, 16, 21].map(() => ['failed', messages.aiProviderRequired]),
    );
  }, 60_000);
});
