import { describe, expect, it } from 'vitest';
import { accessKeyOf } from './classification';
import { classifyCognito } from './classify-cognito';
import { classifyDynamoDb } from './classify-dynamodb';
import { classifySqs, isQueueRequest, queueNameOf } from './classify-sqs';

const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/little-futures';
const dynamo = (op: string, body: unknown) =>
  classifyDynamoDb({ 'x-amz-target': `DynamoDB_20120810.${op}` }, JSON.stringify(body));

describe('accessKeyOf', () => {
  it('reads SigV4 headers, presigned URLs (the signer is judged) and SigV2; unsigned is undefined', () => {
    const authorization =
      'AWS4-HMAC-SHA256 Credential=lambdaMoments/20250101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=abc';
    expect(accessKeyOf({ authorization }, '/renders/x')).toBe('lambdaMoments');
    expect(
      accessKeyOf(
        {},
        '/uploads/x?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=lambdaUploads%2F20250101%2Fus-east-1%2Fs3%2Faws4_request',
      ),
    ).toBe('lambdaUploads');
    expect(accessKeyOf({ authorization: 'AWS local:sig' }, '/')).toBe('local');
    expect(accessKeyOf({}, '/renders/previews/x.jpg')).toBeUndefined();
  });
});

describe('classifyDynamoDb', () => {
  it('names the operation on its table, or on the index a Query or Scan reads', () => {
    expect(dynamo('GetItem', { TableName: 'little-futures', Key: {} })).toEqual({
      kind: 'checked',
      operation: 'GetItem',
      checks: [{ action: 'dynamodb:GetItem', resource: TABLE }],
    });
    expect(dynamo('Query', { TableName: 'little-futures', IndexName: 'gsi1' })).toMatchObject({
      checks: [{ action: 'dynamodb:Query', resource: `${TABLE}/index/gsi1` }],
    });
    expect(dynamo('Scan', { TableName: 'little-futures', IndexName: 'gsi2' })).toMatchObject({
      checks: [{ action: 'dynamodb:Scan', resource: `${TABLE}/index/gsi2` }],
    });
    expect(dynamo('DescribeTable', { TableName: TABLE })).toMatchObject({
      checks: [{ action: 'dynamodb:DescribeTable', resource: TABLE }],
    });
    expect(dynamo('ListTables', {})).toMatchObject({
      checks: [{ action: 'dynamodb:ListTables', resource: '*' }],
    });
  });

  it('authorises batches per table', () => {
    expect(dynamo('BatchWriteItem', { RequestItems: { 'little-futures': [], other: [] } })).toMatchObject({
      checks: [
        { action: 'dynamodb:BatchWriteItem', resource: TABLE },
        {
          action: 'dynamodb:BatchWriteItem',
          resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/other',
        },
      ],
    });
    expect(dynamo('BatchGetItem', { RequestItems: { 'little-futures': {} } })).toMatchObject({
      checks: [{ action: 'dynamodb:BatchGetItem', resource: TABLE }],
    });
  });

  it('authorises transactions per item, with the item action, once per distinct pair', () => {
    const t = { TableName: 'little-futures' };
    expect(
      dynamo('TransactWriteItems', {
        TransactItems: [{ Put: t }, { Update: t }, { Delete: t }, { ConditionCheck: t }, { Put: t }],
      }),
    ).toEqual({
      kind: 'checked',
      operation: 'TransactWriteItems',
      checks: ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'].map((a) => ({
        action: `dynamodb:${a}`,
        resource: TABLE,
      })),
    });
    expect(dynamo('TransactGetItems', { TransactItems: [{ Get: t }] })).toMatchObject({
      checks: [{ action: 'dynamodb:GetItem', resource: TABLE }],
    });
  });

  it('does not guess: PartiQL, a missing target or a broken body are unrecognised', () => {
    expect(dynamo('ExecuteStatement', { Statement: 'SELECT * FROM "little-futures"' }).kind).toBe(
      'unrecognised',
    );
    expect(classifyDynamoDb({}, '{}').kind).toBe('unrecognised');
    expect(classifyDynamoDb({ 'x-amz-target': 'DynamoDB_20120810.GetItem' }, '{').kind).toBe('unrecognised');
    expect(dynamo('TransactWriteItems', { TransactItems: [{ Bogus: {} }] }).kind).toBe('unrecognised');
  });
});

describe('classifySqs', () => {
  const json = (op: string, body: unknown) =>
    classifySqs(
      { method: 'POST', url: '/', headers: { 'x-amz-target': `AmazonSQS.${op}` } },
      JSON.stringify(body),
    );
  const form = (body: string, url = '/') =>
    classifySqs(
      { method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      body,
    );
  const queue = (name: string) => `arn:aws:sqs:us-east-1:000000000000:${name}`;

  it('names sqs:<Op> on the queue of QueueUrl (JSON protocol), batches as their single action', () => {
    const url = 'http://127.0.0.1:4566/000000000000/render';
    expect(json('SendMessage', { QueueUrl: url })).toEqual({
      kind: 'checked',
      operation: 'SendMessage',
      checks: [{ action: 'sqs:SendMessage', resource: queue('render') }],
    });
    expect(json('SendMessageBatch', { QueueUrl: url })).toMatchObject({
      checks: [{ action: 'sqs:SendMessage' }],
    });
    expect(json('DeleteMessageBatch', { QueueUrl: url })).toMatchObject({
      checks: [{ action: 'sqs:DeleteMessage' }],
    });
    expect(json('ChangeMessageVisibilityBatch', { QueueUrl: url })).toMatchObject({
      checks: [{ action: 'sqs:ChangeMessageVisibility' }],
    });
    expect(json('GetQueueUrl', { QueueName: 'pack-dlq' })).toMatchObject({
      checks: [{ action: 'sqs:GetQueueUrl', resource: queue('pack-dlq') }],
    });
    expect(json('ListQueues', {})).toMatchObject({ checks: [{ action: 'sqs:ListQueues', resource: '*' }] });
  });

  it('accepts the query protocol, the queue in QueueUrl or in the path', () => {
    expect(form('Action=ReceiveMessage&QueueUrl=http%3A%2F%2Fh%2F000000000000%2Fpack')).toMatchObject({
      checks: [{ action: 'sqs:ReceiveMessage', resource: queue('pack') }],
    });
    expect(form('Action=SendMessage&MessageBody=x', '/000000000000/render')).toMatchObject({
      checks: [{ action: 'sqs:SendMessage', resource: queue('render') }],
    });
    expect(form('Action=GetCallerIdentity')).toEqual({ kind: 'public', operation: 'GetCallerIdentity' });
    expect(form('Action=Publish&TopicArn=arn%3Aaws%3Asns%3Aus-east-1%3A0%3At')).toMatchObject({
      checks: [{ action: 'sns:Publish', resource: 'arn:aws:sns:us-east-1:0:t' }],
    });
  });

  it('tells queue requests from S3 ones on the shared fauxqs port', () => {
    expect(isQueueRequest('POST', { 'x-amz-target': 'AmazonSQS.SendMessage' })).toBe(true);
    expect(
      isQueueRequest('POST', { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }),
    ).toBe(true);
    expect(isQueueRequest('POST', { 'content-type': 'application/xml' })).toBe(false);
    expect(isQueueRequest('PUT', { 'content-type': 'image/jpeg' })).toBe(false);
    expect(queueNameOf('http://127.0.0.1:1/000000000000/render-dlq')).toBe('render-dlq');
  });
});

describe('classifyCognito', () => {
  const call = (op: string, body: unknown, authorization?: string) =>
    classifyCognito(
      {
        method: 'POST',
        headers: {
          'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
          ...(authorization ? { authorization } : {}),
        },
      },
      JSON.stringify(body),
    );

  it('judges admin calls as cognito-idp:<Op> on the pool', () => {
    expect(call('AdminDeleteUser', { UserPoolId: 'us-east-1_abc', Username: 'u' })).toEqual({
      kind: 'checked',
      operation: 'AdminDeleteUser',
      checks: [
        {
          action: 'cognito-idp:AdminDeleteUser',
          resource: 'arn:aws:cognito-idp:us-east-1:000000000000:userpool/us-east-1_abc',
        },
      ],
    });
    expect(call('ListUserPools', { MaxResults: 60 })).toMatchObject({
      checks: [{ action: 'cognito-idp:ListUserPools', resource: '*' }],
    });
  });

  it("lets the user APIs and the pool's public keys through, as AWS evaluates no IAM for them", () => {
    for (const op of [
      'SignUp',
      'ConfirmSignUp',
      'InitiateAuth',
      'RespondToAuthChallenge',
      'GetUser',
      'RevokeToken',
    ]) {
      expect(call(op, { ClientId: 'c' }).kind, op).toBe('public');
    }
    expect(classifyCognito({ method: 'GET', headers: {} }, undefined).kind).toBe('public');
  });
});
