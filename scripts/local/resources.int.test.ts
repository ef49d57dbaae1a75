import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  ListGroupsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QUEUES } from '@shared/deployment';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLocalEnv } from '../../functions/test-support/local-env';
import { ensureResources, localNames } from './resources';

const env = loadLocalEnv();
const endpoints = {
  dynamodb: env.AWS_ENDPOINT_URL_DYNAMODB,
  s3: env.AWS_ENDPOINT_URL_S3,
  sqs: env.AWS_ENDPOINT_URL_SQS,
  cognito: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
};

// No `endpoint` anywhere below: the clients must find the emulators through AWS_ENDPOINT_URL_<SERVICE>.
const dynamo = new DynamoDBClient({});
const s3 = new S3Client({ forcePathStyle: true });
const sqs = new SQSClient({});
const cognito = new CognitoIdentityProviderClient({});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resources-int-'));

afterAll(() => {
  for (const client of [dynamo, s3, sqs, cognito]) client.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ensureResources', () => {
  it('is idempotent: a second and third run change nothing and reuse the user pool', async () => {
    const first = await ensureResources({ dataDir, endpoints });
    const second = await ensureResources({ dataDir, endpoints });
    // A fresh data folder without stack.json still finds the pool by name.
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'resources-int-'));
    const third = await ensureResources({ dataDir: otherDir, endpoints });
    rmSync(otherDir, { recursive: true, force: true });

    // The visitor session key is the data folder's own, kept across runs.
    const { SESSION_SECRET: key, ...resources } = first.env;
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(second.env).toEqual(first.env);
    expect(third.env).toEqual({ ...resources, SESSION_SECRET: expect.not.stringMatching(key) });
    // The global setup created the same resources on these emulators.
    const { SESSION_SECRET: _setupKey, ...setupResources } = env;
    expect(setupResources).toMatchObject(resources);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8'))).toEqual({
      userPoolId: env.USER_POOL_ID,
      userPoolClientId: env.USER_POOL_CLIENT_ID,
    });
    const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    expect(pools.UserPools?.filter((p) => p.Name === localNames.userPool)).toHaveLength(1);
  });

  it('creates the table with the key design, its indexes and TTL', async () => {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(
      Table?.GlobalSecondaryIndexes?.map((g) => [g.IndexName, g.KeySchema?.map((k) => k.AttributeName)]),
    ).toEqual([
      ['gsi1', ['gsi1pk', 'gsi1sk']],
      ['gsi2', ['gsi2pk', 'gsi2sk']],
    ]);
    const ttl = await dynamo.send(new DescribeTimeToLiveCommand({ TableName: env.TABLE_NAME }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
  });

  it('creates both buckets', async () => {
    await expect(s3.send(new HeadBucketCommand({ Bucket: env.UPLOADS_BUCKET }))).resolves.toBeDefined();
    await expect(s3.send(new HeadBucketCommand({ Bucket: env.RENDERS_BUCKET }))).resolves.toBeDefined();
  });

  it('gives the render queue a short visibility timeout and a redrive policy to render-dlq', async () => {
    const { QueueUrl: dlqUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: localNames.renderDlq }));
    const dlq = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
    );
    const queue = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: env.RENDER_QUEUE_URL, AttributeNames: ['All'] }),
    );
    expect(queue.Attributes?.VisibilityTimeout).toBe('5');
    expect(JSON.parse(queue.Attributes?.RedrivePolicy ?? '{}')).toEqual({
      deadLetterTargetArn: dlq.Attributes?.QueueArn,
      maxReceiveCount: QUEUES.render.maxReceiveCount,
    });
  });

  it('creates the pack queue with a redrive policy to pack-dlq, its URL in the environment', async () => {
    const { QueueUrl: dlqUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: localNames.packDlq }));
    const dlq = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
    );
    const queue = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: env.PACK_QUEUE_URL, AttributeNames: ['All'] }),
    );
    expect(JSON.parse(queue.Attributes?.RedrivePolicy ?? '{}')).toEqual({
      deadLetterTargetArn: dlq.Attributes?.QueueArn,
      maxReceiveCount: QUEUES.pack.maxReceiveCount,
    });
  });

  it('creates an app client for password and refresh-token sign-in, and the admins group', async () => {
    const { UserPoolClient } = await cognito.send(
      new DescribeUserPoolClientCommand({ UserPoolId: env.USER_POOL_ID, ClientId: env.USER_POOL_CLIENT_ID }),
    );
    expect(UserPoolClient?.ClientSecret).toBeUndefined();
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    const groups = await cognito.send(new ListGroupsCommand({ UserPoolId: env.USER_POOL_ID }));
    expect(groups.Groups?.map((g) => g.GroupName)).toContain('admins');
    expect(env.COGNITO_ISSUER).toBe(`${endpoints.cognito}/${env.USER_POOL_ID}`);
  });
});
