/**
 * Idempotent creation of everything the app needs on the emulators (table, buckets, queues, user
 * pool), and the environment the handlers read. Safe to run on every start and in every test run.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { QUEUES } from '@shared/deployment';
import { tableDesign } from '../../functions/adapters/dynamo/table-design';
import type { EmulatorEndpoints } from './ports';
import { ensureUserPool, poolNames } from './resources-cognito';

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export const localNames = {
  table: 'little-futures',
  uploadsBucket: 'uploads',
  rendersBucket: 'renders',
  renderQueue: QUEUES.render.name,
  renderDlq: QUEUES.render.deadLetterName,
  packQueue: QUEUES.pack.name,
  packDlq: QUEUES.pack.deadLetterName,
  ...poolNames,
} as const;
/** Short locally so a failed render is retried within seconds. */
export const LOCAL_VISIBILITY_TIMEOUT_SECONDS = 5;
/** A pack run draws five large scenes: longer than a render, so a test's worker finishes before redelivery. */
export const LOCAL_PACK_VISIBILITY_TIMEOUT_SECONDS = 60;

export type LocalEnv = Record<string, string>;

export type LocalResources = {
  env: LocalEnv;
  renderQueueUrl: string;
  renderDlqUrl: string;
  packQueueUrl: string;
  packDlqUrl: string;
  userPoolId: string;
  userPoolClientId: string;
};

type Endpoints = EmulatorEndpoints;

function clients(endpoints: Endpoints) {
  const common = { region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  return {
    dynamo: new DynamoDBClient({ ...common, endpoint: endpoints.dynamodb }),
    s3: new S3Client({ ...common, endpoint: endpoints.s3, forcePathStyle: true }),
    sqs: new SQSClient({ ...common, endpoint: endpoints.sqs }),
    cognito: new CognitoIdentityProviderClient({ ...common, endpoint: endpoints.cognito }),
  };
}

const isNamed = (error: unknown, ...names: string[]) =>
  names.includes((error as { name?: string }).name ?? '');

async function ensureTable(dynamo: DynamoDBClient, tableName: string): Promise<void> {
  const exists = await dynamo.send(new DescribeTableCommand({ TableName: tableName })).then(
    () => true,
    (error) => {
      if (isNamed(error, 'ResourceNotFoundException')) return false;
      throw error;
    },
  );
  if (exists) await addMissingIndexes(dynamo, tableName);
  else {
    const { partitionKey, sortKey, globalIndexes } = tableDesign;
    const keyNames = [partitionKey, sortKey, ...globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
    await dynamo.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keyNames.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: globalIndexes.map((g) => ({
          IndexName: g.name,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
  }
  const ttl = await dynamo.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await dynamo.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDesign.ttlAttribute, Enabled: true },
      }),
    );
  }
}

/** A data folder made before an index was added to the design gets it (DynamoDB Local builds it at once). */
async function addMissingIndexes(dynamo: DynamoDBClient, tableName: string): Promise<void> {
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of tableDesign.globalIndexes.filter((g) => !present.has(g.name))) {
    await dynamo.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((AttributeName) => ({
          AttributeName,
          AttributeType: 'S',
        })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}

async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  const exists = await s3.send(new HeadBucketCommand({ Bucket: bucket })).then(
    () => true,
    () => false,
  );
  if (exists) return;
  await s3.send(new CreateBucketCommand({ Bucket: bucket })).catch((error) => {
    if (!isNamed(error, 'BucketAlreadyOwnedByYou', 'BucketAlreadyExists')) throw error;
  });
}

/** Creates the queue, or brings an existing one's attributes to the wanted values. */
async function ensureQueue(
  sqs: SQSClient,
  name: string,
  attributes: Record<string, string>,
): Promise<string> {
  const existing = await sqs.send(new GetQueueUrlCommand({ QueueName: name })).then(
    (r) => r.QueueUrl,
    (error) => {
      if (isNamed(error, 'QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue')) return undefined;
      throw error;
    },
  );
  if (existing) {
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl: existing, Attributes: attributes }));
    return existing;
  }
  const created = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  return created.QueueUrl!;
}

/** A queue and its DLQ with the redrive policy. */
async function ensureQueuePair(
  sqs: SQSClient,
  opts: { queueName: string; dlqName: string; visibilityTimeoutSeconds: number; maxReceiveCount: number },
): Promise<{ queueUrl: string; dlqUrl: string }> {
  const dlqUrl = await ensureQueue(sqs, opts.dlqName, { MessageRetentionPeriod: '1209600' });
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
  );
  const queueUrl = await ensureQueue(sqs, opts.queueName, {
    VisibilityTimeout: String(opts.visibilityTimeoutSeconds),
    RedrivePolicy: JSON.stringify({
      deadLetterTargetArn: Attributes!.QueueArn,
      maxReceiveCount: opts.maxReceiveCount,
    }),
  });
  return { queueUrl, dlqUrl };
}

/** The render queue and its DLQ with the redrive policy; exported so tests can make isolated pairs. */
export async function ensureRenderQueues(
  sqs: SQSClient,
  opts: { queueName: string; dlqName: string; visibilityTimeoutSeconds: number },
): Promise<{ renderQueueUrl: string; renderDlqUrl: string }> {
  const pair = await ensureQueuePair(sqs, { ...opts, maxReceiveCount: QUEUES.render.maxReceiveCount });
  return { renderQueueUrl: pair.queueUrl, renderDlqUrl: pair.dlqUrl };
}

/** The pack queue (generation runs, scheduler ticks) and its DLQ. */
async function ensurePackQueues(sqs: SQSClient): Promise<{ packQueueUrl: string; packDlqUrl: string }> {
  const pair = await ensureQueuePair(sqs, {
    queueName: localNames.packQueue,
    dlqName: localNames.packDlq,
    visibilityTimeoutSeconds: LOCAL_PACK_VISIBILITY_TIMEOUT_SECONDS,
    maxReceiveCount: QUEUES.pack.maxReceiveCount,
  });
  return { packQueueUrl: pair.queueUrl, packDlqUrl: pair.dlqUrl };
}

/**
 * The key the local gateway wants in webhook URLs, as the WAF wants its own in AWS. Fixed, like the
 * Stripe fake's keys: the gateway listens on loopback only, and valid nowhere else.
 */
export const LOCAL_WEBHOOK_KEY = 'local0webhook0key0little0futures';

/** The environment the handlers read (functions/adapters/config.ts) plus the SDK's endpoint variables. */
export function buildLocalEnv(
  endpoints: Endpoints,
  ids: { renderQueueUrl: string; userPoolId: string; userPoolClientId: string; packQueueUrl?: string },
  opts: { previewsBaseUrl?: string; imageAiProvider?: string; sessionSecret?: string } = {},
): LocalEnv {
  return {
    ...(opts.sessionSecret ? { SESSION_SECRET: opts.sessionSecret } : {}),
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    TABLE_NAME: localNames.table,
    UPLOADS_BUCKET: localNames.uploadsBucket,
    RENDERS_BUCKET: localNames.rendersBucket,
    RENDER_QUEUE_URL: ids.renderQueueUrl,
    ...(ids.packQueueUrl ? { PACK_QUEUE_URL: ids.packQueueUrl } : {}),
    S3_FORCE_PATH_STYLE: 'true',
    // The browser reaches the emulator at the same address as the server does.
    S3_PUBLIC_ENDPOINT: endpoints.s3,
    // Empty = same origin: the gateway serves /previews/<key>.
    PREVIEWS_BASE_URL: opts.previewsBaseUrl ?? '',
    IMAGE_AI_PROVIDER: opts.imageAiProvider ?? 'offline',
    USER_POOL_ID: ids.userPoolId,
    USER_POOL_CLIENT_ID: ids.userPoolClientId,
    COGNITO_ISSUER: `${endpoints.cognito}/${ids.userPoolId}`,
    // The browser's Cognito endpoint: the gateway's same-origin proxy to cognito-local.
    COGNITO_PUBLIC_ENDPOINT: '/cognito',
    // cognito-local has no AdminUserGlobalSignOut: account deletion skips it here, and only here.
    COGNITO_GLOBAL_SIGN_OUT: 'unsupported',
    // The gateway refuses webhook requests without it; the render worker puts it in the AI webhook URL.
    WEBHOOK_KEY: LOCAL_WEBHOOK_KEY,
  };
}

/**
 * The key that signs visitor session tokens here (Secrets Manager holds it in AWS): made once per
 * data folder, so a visitor's session outlives a restart of the stack, and never committed.
 */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export async function ensureResources(opts: {
  dataDir: string;
  endpoints: Endpoints;
  visibilityTimeoutSeconds?: number;
  previewsBaseUrl?: string;
}): Promise<LocalResources> {
  const c = clients(opts.endpoints);
  try {
    const [, , queues, pool, packQueues] = await Promise.all([
      ensureTable(c.dynamo, localNames.table),
      Promise.all([
        ensureBucket(c.s3, localNames.uploadsBucket),
        ensureBucket(c.s3, localNames.rendersBucket),
      ]),
      ensureRenderQueues(c.sqs, {
        queueName: localNames.renderQueue,
        dlqName: localNames.renderDlq,
        visibilityTimeoutSeconds: opts.visibilityTimeoutSeconds ?? LOCAL_VISIBILITY_TIMEOUT_SECONDS,
      }),
      ensureUserPool(c.cognito, opts.dataDir),
      ensurePackQueues(c.sqs),
    ]);
    const env = buildLocalEnv(
      opts.endpoints,
      { ...queues, ...pool, ...packQueues },
      { previewsBaseUrl: opts.previewsBaseUrl, sessionSecret: localSessionSecret(opts.dataDir) },
    );
    return { env, ...queues, ...pool, ...packQueues };
  } finally {
    for (const client of Object.values(c)) client.destroy();
  }
}
