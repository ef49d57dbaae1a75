/**
 * The proxies in front of a stand-in emulator that records what reaches it: what passes arrives
 * unchanged, and every refusal is the service's own, as the real SDK clients parse it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { LambdaName } from '@shared/deployment';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEPLOYER_CREDENTIALS, lambdaCredentials } from '../lambda-credentials';
import { LOOPBACK } from '../ports';
import { type IamEnforcer, startIamEnforcer } from './enforcer';
import { loadStackPolicies } from './stack-policies';

type Seen = { method?: string; url?: string; host?: string; body: string };
const seen: Seen[] = [];
let upstream: http.Server;
let iam: IamEnforcer;
const logged: string[] = [];

beforeAll(async () => {
  upstream = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({
      method: req.method,
      url: req.url,
      host: req.headers.host,
      body: Buffer.concat(chunks).toString(),
    });
    if (req.url?.includes('missing')) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end(
        req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code><Message>gone</Message></Error>',
      );
      return;
    }
    const json = req.headers['x-amz-target'] !== undefined;
    res.writeHead(200, { 'content-type': json ? 'application/x-amz-json-1.0' : 'text/plain' });
    res.end(json ? '{}' : 'stored');
  });
  await new Promise<void>((resolve) => upstream.listen(0, LOOPBACK, resolve));
  const port = (upstream.address() as AddressInfo).port;
  iam = await startIamEnforcer({
    policies: loadStackPolicies(),
    upstream: { dynamodb: port, fauxqs: port, cognito: port },
    ports: { dynamodb: 0, fauxqs: 0, cognito: 0 },
    log: (line) => logged.push(line),
  });
  await iam.ready;
  iam.bindResources({ userPoolId: 'us-east-1_local' });
}, 60_000);

afterAll(async () => {
  await iam?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  logged.length = 0;
  iam.clearRefusals();
});

const common = (who: LambdaName | 'deployer') => ({
  region: 'us-east-1',
  credentials: who === 'deployer' ? DEPLOYER_CREDENTIALS : lambdaCredentials(who),
  maxAttempts: 1,
});
const dynamo = (who: LambdaName | 'deployer') =>
  new DynamoDBClient({ ...common(who), endpoint: iam.endpoints.dynamodb });
const s3 = (who: LambdaName | 'deployer') =>
  new S3Client({ ...common(who), endpoint: iam.endpoints.s3, forcePathStyle: true });
const putItem = new PutItemCommand({ TableName: 'little-futures', Item: { pk: { S: 'a' }, sk: { S: 'b' } } });
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error & { $metadata?: { httpStatusCode?: number } }) => error,
  );

describe('the IAM proxies', () => {
  it('forward an allowed call unchanged: path, Host and body as signed', async () => {
    await dynamo('uploads').send(putItem);
    expect(seen).toHaveLength(1);
    expect(seen[0].host).toBe(new URL(iam.endpoints.dynamodb).host);
    expect(JSON.parse(seen[0].body)).toMatchObject({ TableName: 'little-futures' });
    expect(iam.refusals).toEqual([]);
  });

  it('refuse with DynamoDB’s AccessDeniedException, logged and kept', async () => {
    const error = await errorOf(dynamo('system').send(putItem));
    const role = iam.evaluator.principalOf({ kind: 'lambda', lambda: 'system' });
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toBe(
      `User: ${role} is not authorized to perform: dynamodb:PutItem on resource: ` +
        'arn:aws:dynamodb:us-east-1:000000000000:table/little-futures because no identity-based policy allows the dynamodb:PutItem action',
    );
    expect(seen).toEqual([]);
    expect(logged).toEqual([
      'IAM refused system: dynamodb:PutItem on arn:aws:dynamodb:us-east-1:000000000000:table/little-futures',
    ]);
    expect(iam.refusals).toMatchObject([
      {
        service: 'dynamodb',
        caller: 'system',
        action: 'dynamodb:PutItem',
        operation: 'PutItem',
        request: 'POST /',
      },
    ]);
  });

  it('refuse S3 calls with 403 AccessDenied (HEAD: no body, so the SDK knows the status only)', async () => {
    const get = await errorOf(
      s3('system').send(new GetObjectCommand({ Bucket: 'uploads', Key: 'incoming/u1' })),
    );
    expect(get?.name).toBe('AccessDenied');
    expect(get?.$metadata?.httpStatusCode).toBe(403);
    expect(get?.message).toContain('s3:GetObject on resource: arn:aws:s3:::uploads/incoming/u1');
    const head = await errorOf(
      s3('system').send(new HeadObjectCommand({ Bucket: 'uploads', Key: 'incoming/u1' })),
    );
    // As S3's own HEAD refusal: the SDK has no code to read, only the 403.
    expect(head?.name).toBe('Unknown');
    expect(head?.$metadata?.httpStatusCode).toBe(403);
    expect(seen).toEqual([]);
  });

  it('turn a missing key into 403 for a caller that may not list the bucket, as S3 does', async () => {
    const hidden = await errorOf(
      s3('render-worker').send(
        new HeadObjectCommand({ Bucket: 'uploads', Key: 'users/u/missing/original.jpg' }),
      ),
    );
    expect(hidden?.$metadata?.httpStatusCode).toBe(403);
    expect(logged).toEqual(['IAM refused render-worker: s3:ListBucket on arn:aws:s3:::uploads']);
    const told = await errorOf(
      s3('uploads').send(new GetObjectCommand({ Bucket: 'uploads', Key: 'incoming/missing' })),
    );
    expect(told?.name).toBe('NoSuchKey');
    expect(seen).toHaveLength(2);
  });

  it('refuse SQS and Cognito calls in their own error shapes', async () => {
    const sqs = new SQSClient({ ...common('system'), endpoint: iam.endpoints.sqs });
    const sent = await errorOf(
      sqs.send(
        new SendMessageCommand({ QueueUrl: `${iam.endpoints.sqs}/000000000000/render`, MessageBody: '{}' }),
      ),
    );
    expect(sent?.name).toBe('AccessDenied');
    expect(sent?.$metadata?.httpStatusCode).toBe(403);
    expect(sent?.message).toContain('sqs:SendMessage on resource: arn:aws:sqs:us-east-1:000000000000:render');
    const cognito = new CognitoIdentityProviderClient({
      ...common('system'),
      endpoint: iam.endpoints.cognito,
    });
    const deleted = await errorOf(
      cognito.send(new AdminDeleteUserCommand({ UserPoolId: 'us-east-1_local', Username: 'someone' })),
    );
    expect(deleted?.name).toBe('AccessDeniedException');
    expect(deleted?.message).toContain('cognito-idp:AdminDeleteUser on resource: arn:aws:cognito-idp:');
    expect(seen).toEqual([]);
  });

  it('judge a presigned URL by its signer, with CORS headers on the refusal; preflights pass', async () => {
    const command = new GetObjectCommand({ Bucket: 'uploads', Key: 'users/s/u/cutout.png' });
    const origin = 'http://localhost:3000';
    const refused = await fetch(await getSignedUrl(s3('system'), command), { headers: { origin } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
    expect(await refused.text()).toContain('<Code>AccessDenied</Code>');
    const served = await fetch(await getSignedUrl(s3('moments'), command));
    expect(served.status).toBe(200);
    const preflight = await fetch(`${iam.endpoints.s3}/uploads/incoming/u1`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(200);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'OPTIONS']);
  });

  it('refuse unsigned reads of the buckets (only CloudFront may read public keys), let the deployer do anything', async () => {
    const anonymous = await fetch(`${iam.endpoints.s3}/renders/previews/u/a.jpg`);
    expect(anonymous.status).toBe(403);
    expect(logged).toEqual(['IAM refused anonymous: s3:GetObject on arn:aws:s3:::renders/previews/u/a.jpg']);
    await dynamo('deployer').send(putItem);
    await s3('deployer').send(new GetObjectCommand({ Bucket: 'renders', Key: 'previews/u/a.jpg' }));
    expect(seen).toHaveLength(2);
    expect(iam.refusals).toHaveLength(1);
  });
});
