import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, GetObjectTaggingCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from './pid-file';
import { freePort } from './ports';
import { localNames } from './resources';
import { type HandlerRegistry, type LocalStack, startLocalStack } from './stack';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stack-int-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function clientsFor(env: Record<string, string>) {
  const common = {
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  };
  return {
    dynamo: new DynamoDBClient({ ...common, endpoint: env.AWS_ENDPOINT_URL_DYNAMODB }),
    s3: new S3Client({ ...common, endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true }),
    sqs: new SQSClient({ ...common, endpoint: env.AWS_ENDPOINT_URL_SQS }),
    cognito: new CognitoIdentityProviderClient({
      ...common,
      endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    }),
  };
}

/** Handlers that answer /api/health and record what the render queue delivers. */
function fakeRegistry(delivered: string[]): HandlerRegistry {
  const ok = async () => ({ statusCode: 200, body: JSON.stringify({ ok: true, engine: 'fake' }) });
  return {
    httpHandlers: {
      system: ok,
      uploads: ok,
      account: ok,
      payments: ok,
      webhooks: ok,
      moments: ok,
      admin: ok,
    },
    renderWorker: async (event) => {
      delivered.push(...event.Records.map((r) => r.body));
      return { batchItemFailures: [] };
    },
  };
}

async function start(delivered: string[]): Promise<LocalStack> {
  const ports = {
    app: await freePort(),
    dynamodb: await freePort(),
    fauxqs: await freePort(),
    cognito: await freePort(),
  };
  return startLocalStack({
    dataDir,
    ports,
    frontend: 'none',
    quiet: true,
    registry: fakeRegistry(delivered),
  });
}

describe('startLocalStack', () => {
  const key = `it-${randomUUID()}`;
  const email = `${key}@example.com`;

  it('starts, serves, stops without leftovers, and keeps its data across a restart', async () => {
    const firstDelivered: string[] = [];
    const first = await start(firstDelivered);
    console.log(`[stack] cold start (empty data folder): ${JSON.stringify(first.timings)}`);
    const c1 = clientsFor(first.env);
    try {
      const health = await fetch(`http://127.0.0.1:${first.ports.app}/api/health`);
      expect(await health.json()).toEqual({ ok: true, engine: 'fake' });
      // Operator tools (npm run admin:grant) find the running stack by this file.
      const envFile = JSON.parse(readFileSync(path.join(dataDir, 'env.json'), 'utf8'));
      expect(envFile.USER_POOL_ID).toBe(first.env.USER_POOL_ID);
      await c1.dynamo.send(
        new PutItemCommand({ TableName: first.env.TABLE_NAME, Item: { pk: { S: key }, sk: { S: 'META' } } }),
      );
      await c1.s3.send(
        new PutObjectCommand({
          Bucket: first.env.UPLOADS_BUCKET,
          Key: `${key}.txt`,
          Body: 'kept',
          ContentType: 'text/plain',
          Tagging: 'retention=anonymous',
        }),
      );
      await c1.cognito.send(
        new SignUpCommand({
          ClientId: first.env.USER_POOL_CLIENT_ID,
          Username: email,
          Password: 'long enough 1',
        }),
      );
      // A message parked in the DLQ (the poller does not read it) must survive the restart too.
      const { QueueUrl: dlqUrl } = await c1.sqs.send(
        new GetQueueUrlCommand({ QueueName: localNames.renderDlq }),
      );
      await c1.sqs.send(new SendMessageCommand({ QueueUrl: dlqUrl, MessageBody: `dead-${key}` }));
    } finally {
      for (const client of Object.values(c1)) client.destroy();
    }
    const pids = Object.values(first.emulators.pids);
    await first.stop();
    expect(pids.filter(isAlive)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'stack.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'env.json'))).toBe(false);

    const secondDelivered: string[] = [];
    const second = await start(secondDelivered);
    console.log(`[stack] warm start (existing data): ${JSON.stringify(second.timings)}`);
    const c2 = clientsFor(second.env);
    try {
      expect(second.env.USER_POOL_ID).toBe(first.env.USER_POOL_ID);
      expect(second.env.USER_POOL_CLIENT_ID).toBe(first.env.USER_POOL_CLIENT_ID);
      const item = await c2.dynamo.send(
        new GetItemCommand({ TableName: second.env.TABLE_NAME, Key: { pk: { S: key }, sk: { S: 'META' } } }),
      );
      expect(item.Item?.pk.S).toBe(key);
      const object = await c2.s3.send(
        new GetObjectCommand({ Bucket: second.env.UPLOADS_BUCKET, Key: `${key}.txt` }),
      );
      expect(await object.Body!.transformToString()).toBe('kept');
      const tags = await c2.s3.send(
        new GetObjectTaggingCommand({ Bucket: second.env.UPLOADS_BUCKET, Key: `${key}.txt` }),
      );
      expect(tags.TagSet).toEqual([{ Key: 'retention', Value: 'anonymous' }]);
      const user = await c2.cognito.send(
        new AdminGetUserCommand({ UserPoolId: second.env.USER_POOL_ID, Username: email }),
      );
      expect(user.UserStatus).toBe('UNCONFIRMED');
      expect(second.restoredMessages).toBeGreaterThanOrEqual(1);
      const { QueueUrl: dlqUrl } = await c2.sqs.send(
        new GetQueueUrlCommand({ QueueName: localNames.renderDlq }),
      );
      const { Messages } = await c2.sqs.send(
        new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
      );
      expect(Messages?.map((m) => m.Body)).toContain(`dead-${key}`);

      // The poller runs: a render message reaches the worker and is deleted.
      await c2.sqs.send(
        new SendMessageCommand({ QueueUrl: second.env.RENDER_QUEUE_URL, MessageBody: `job-${key}` }),
      );
      const deadline = Date.now() + 10_000;
      while (!secondDelivered.includes(`job-${key}`) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(secondDelivered).toContain(`job-${key}`);
    } finally {
      for (const client of Object.values(c2)) client.destroy();
      await second.stop();
    }
    expect(Object.values(second.emulators.pids).filter(isAlive)).toEqual([]);
  }, 120_000);
});
