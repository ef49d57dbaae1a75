/**
 * One real request per Lambda, answered by its booted bundle against the local stack: each proves
 * more than a boot (it reaches DynamoDB, S3, SQS, Cognito's tokens or Stripe's fake). Shared by the
 * boot test and bench:cold-start; the checks throw, so both fail loudly on a wrong answer. Needs
 * process.env to hold the local stack's environment (the caller's own AWS calls sign as the deployer).
 */
import assert from 'node:assert/strict';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { RouteId } from '@shared/api';
import type { LambdaName } from '@shared/deployment';
import type { SQSRecord } from 'aws-lambda';
import { claimsOf, newParent } from '../../functions/test-support/cognito';
import { samplePhoto } from '../../functions/test-support/images';
import { type CallOptions, httpEvent } from '../../functions/test-support/invoke';
import { toSqsRecord } from '../local/sqs-poller';
import { signedEvent } from '../local/stripe-fake/objects';
import type { Answer, BootedLambda } from './boot';

type Caller = Pick<CallOptions, 'claims' | 'headers'>;
export type RenderWork = { uploadId: string; records: SQSRecord[] };

export type Fixture = {
  user: Caller;
  admin: Caller;
  /** Uploads completed through an uploads bundle, with the render queue's records of them. */
  completed: RenderWork[];
  /** A keepsake photo (no previews) completed through a booted uploads bundle, and its visitor session. */
  keepsakePhoto(): Promise<{ uploadId: string; sessionId: string }>;
  /** An upload's public view, read through a booted uploads bundle. */
  uploadView(
    uploadId: string,
  ): Promise<{ jobs: { age: number; status: string; failureReason: string | null }[] }>;
};

/** What answered, in one line for the test's log and the bench. */
export type Scenario = (lambda: BootedLambda, fixture: Fixture) => Promise<string>;

export async function call(lambda: BootedLambda, id: RouteId, options: CallOptions = {}) {
  const answer = await lambda.invoke(httpEvent(id, options));
  const body = typeof answer.result?.body === 'string' && answer.result.body ? answer.result.body : '';
  return {
    ...answer,
    status: answer.result?.statusCode as number,
    json: body ? JSON.parse(body) : undefined,
  };
}

/** A signed-in parent as API Gateway's JWT authorizer passes them on: verified claims and the token. */
async function signedIn(admin: boolean): Promise<Caller> {
  const parent = await newParent({ admin });
  return { claims: await claimsOf(parent.idToken), headers: { authorization: `Bearer ${parent.idToken}` } };
}

export async function createFixture(uploads: () => Promise<BootedLambda>): Promise<Fixture> {
  const [user, admin] = await Promise.all([signedIn(false), signedIn(true)]);
  return {
    user,
    admin,
    completed: [],
    async keepsakePhoto() {
      const { uploadId, sessionId } = await uploadPhoto(await uploads(), 'keepsake');
      return { uploadId, sessionId };
    },
    async uploadView(uploadId) {
      const lambda = await uploads();
      const view = await call(lambda, 'getUpload', { params: { uploadId } });
      assert.equal(view.status, 200, JSON.stringify(view.json));
      return view.json;
    },
  };
}

/** create (the answer timed), presigned PUT, complete: the upload page's three steps. */
export async function uploadPhoto(
  lambda: BootedLambda,
  purpose: 'previews' | 'keepsake' = 'previews',
): Promise<{ uploadId: string; sessionId: string; first: Answer; jobs: number }> {
  const photo = samplePhoto(2);
  const sessionId = crypto.randomUUID();
  const created = await call(lambda, 'createUpload', {
    sessionId,
    body: { contentType: 'image/jpeg', size: photo.length, purpose },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const put = await fetch(created.json.uploadUrl, {
    method: 'PUT',
    headers: created.json.headers,
    body: new Uint8Array(photo),
  });
  assert.ok(put.ok, `PUT to the presigned URL: ${put.status}`);
  const uploadId: string = created.json.uploadId;
  const completed = await call(lambda, 'completeUpload', { sessionId, params: { uploadId } });
  assert.equal(completed.status, 200, JSON.stringify(completed.json));
  return { uploadId, sessionId, first: created, jobs: completed.json.jobs.length };
}

const sqs = () => new SQSClient({ region: process.env.AWS_REGION });

/** The upload a render message is about; another test's message may not even be JSON. */
function uploadIdOf(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '').uploadId;
  } catch {
    return undefined;
  }
}

/**
 * Takes this upload's render messages off the queue, as the worker's event source would, and returns
 * them as the records it delivers. Taken at once: searching a queue shared by many uploads later would
 * receive the others over and over, until the redrive policy moved them to the dead-letter queue.
 */
async function takeRenderRecords(uploadId: string, count: number): Promise<SQSRecord[]> {
  const client = sqs();
  const queueUrl = process.env.RENDER_QUEUE_URL!;
  try {
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
    );
    const taken: Message[] = [];
    for (let attempt = 0; attempt < 10 && taken.length < count; attempt++) {
      const { Messages = [] } = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
      );
      const ours = Messages.filter((m) => uploadIdOf(m.Body) === uploadId);
      if (!ours.length) continue;
      taken.push(...ours);
      await client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: ours.map((m, i) => ({ Id: `m${i}`, ReceiptHandle: m.ReceiptHandle! })),
        }),
      );
    }
    if (taken.length < count)
      throw new Error(`${taken.length} of ${count} render messages of ${uploadId} found`);
    return taken.map((m) => toSqsRecord(m, Attributes!.QueueArn!, process.env.AWS_REGION!));
  } finally {
    client.destroy();
  }
}

/** An upload completed through the uploads bundle, and the render records it queued. */
export async function uploadForRender(lambda: BootedLambda): Promise<RenderWork & { first: Answer }> {
  const { uploadId, first, jobs } = await uploadPhoto(lambda);
  return { uploadId, first, records: await takeRenderRecords(uploadId, jobs) };
}

export const SCENARIOS: Record<LambdaName, Scenario> = {
  async system(lambda) {
    const health = await call(lambda, 'health');
    assert.equal(health.status, 200, JSON.stringify(health.json));
    assert.equal(health.json.ok, true);
    return `GET /api/health → ${health.status} (engine ${health.json.engine})`;
  },
  async uploads(lambda, fixture) {
    const { first, ...work } = await uploadForRender(lambda);
    fixture.completed.push(work);
    return `POST /api/uploads → ${first.result.statusCode}, presigned PUT, complete → 200 (upload ${work.uploadId})`;
  },
  async account(lambda, fixture) {
    const credits = await call(lambda, 'getCredits', fixture.user);
    assert.equal(credits.status, 200, JSON.stringify(credits.json));
    assert.equal(credits.json.balance, 0);
    return `GET /api/me/credits (signed in) → ${credits.status}, balance ${credits.json.balance}`;
  },
  async payments(lambda, fixture) {
    const checkout = await call(lambda, 'createCheckout', {
      ...fixture.user,
      headers: { ...fixture.user.headers, origin: 'http://localhost:3000' },
      body: { productId: 'credits_1' },
    });
    assert.equal(checkout.status, 200, JSON.stringify(checkout.json));
    assert.match(checkout.json.sessionId, /^cs_/);
    return `POST /api/checkout (signed in) → ${checkout.status}, Stripe fake session ${checkout.json.sessionId}`;
  },
  async webhooks(lambda) {
    // A signed event first (it reaches DynamoDB: was it processed?), then a forged one, refused.
    const genuine = signedEvent('customer.created', { id: 'cus_boot' }, process.env.STRIPE_WEBHOOK_SECRET!);
    const accepted = await call(lambda, 'stripeWebhook', {
      rawBody: genuine.payload,
      headers: { 'stripe-signature': genuine.signature },
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.json));
    const forged = signedEvent('customer.created', { id: 'cus_boot' }, 'whsec_not_ours');
    const refused = await call(lambda, 'stripeWebhook', {
      rawBody: forged.payload,
      headers: { 'stripe-signature': forged.signature },
    });
    assert.equal(refused.status, 400, JSON.stringify(refused.json));
    return `Stripe webhook: signed event → ${accepted.status}, wrong signature → ${refused.status}`;
  },
  async moments(lambda, fixture) {
    const list = await call(lambda, 'listTemplates');
    assert.equal(list.status, 200, JSON.stringify(list.json));
    assert.ok(Array.isArray(list.json.templates));
    // Then a cut-out: the selfie model copied beside the bundle, tfjs and its wasm in node_modules.
    const { uploadId, sessionId } = await fixture.keepsakePhoto();
    const cutout = await call(lambda, 'createCutout', { sessionId, params: { uploadId } });
    assert.equal(cutout.status, 200, JSON.stringify(cutout.json));
    assert.ok(cutout.json.width > 0);
    return `GET /api/templates → ${list.status}, ${list.json.templates.length} template(s); cut-out → ${cutout.status} (${cutout.json.width}×${cutout.json.height})`;
  },
  async admin(lambda, fixture) {
    const session = await call(lambda, 'getAdminSession', fixture.admin);
    assert.equal(session.status, 200, JSON.stringify(session.json));
    const stranger = await call(lambda, 'getAdminSession', fixture.user);
    assert.equal(stranger.status, 403, JSON.stringify(stranger.json));
    return `GET /api/admin/session: admin → ${session.status}, other parent → ${stranger.status}`;
  },
  async 'render-worker'(lambda, fixture) {
    const work = fixture.completed.shift();
    if (!work) throw new Error('render-worker needs an upload completed by the uploads scenario first');
    const [record] = work.records;
    const answer = await lambda.invoke({ Records: [record] });
    assert.deepEqual(answer.result, { batchItemFailures: [] });
    const { age } = JSON.parse(record.body);
    const job = (await fixture.uploadView(work.uploadId)).jobs.find((j) => j.age === age);
    assert.equal(job?.status, 'done', JSON.stringify(job));
    return `render of upload ${work.uploadId} age ${age}: no batch item failures, job done`;
  },
  async 'pack-worker'(lambda) {
    const message: Message = {
      MessageId: crypto.randomUUID(),
      ReceiptHandle: 'boot',
      Body: JSON.stringify({ kind: 'scheduled' }),
    };
    const record = toSqsRecord(message, 'arn:aws:sqs:us-east-1:000000000000:pack', process.env.AWS_REGION!);
    const answer = await lambda.invoke({ Records: [record] });
    assert.deepEqual(answer.result, { batchItemFailures: [] });
    return 'scheduled tick → no batch item failures';
  },
};
