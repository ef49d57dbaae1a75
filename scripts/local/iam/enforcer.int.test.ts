/**
 * Proof, against the real emulators, that the local stack enforces the deployed roles: the same SDK
 * call with a Lambda's credentials passes under its synthesized policy and is refused (AccessDenied,
 * naming the function, the action and the resource) once one grant is taken out of that policy; and
 * S3's rule that a missing key is a 403 to a caller without s3:ListBucket.
 */
import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ADMINS_GROUP, type LambdaName } from '@shared/deployment';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { loadLocalEnv } from '../../../functions/test-support/local-env';
import { DEPLOYER_CREDENTIALS, lambdaCredentials } from '../lambda-credentials';
import { loadStackPolicies, type StackPolicies } from './stack-policies';
import { startTestEnforcer } from './test-enforcer';

const env = loadLocalEnv();
const upstream = inject('emulatorUpstream');
const TABLE_ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/little-futures';

/** The policies without `action` in the statements of `lambda` that name `resource` (or any). */
function withoutGrant(policies: StackPolicies, lambda: LambdaName, action: string, resource?: string) {
  const copy = structuredClone(policies);
  let removed = 0;
  for (const { document } of copy.lambdas[lambda].policies) {
    for (const statement of [document.Statement].flat() as {
      Action: string | string[];
      Resource: unknown;
    }[]) {
      const actions = [statement.Action].flat();
      const names = [statement.Resource].flat();
      if (!actions.includes(action) || (resource && !names.includes(resource))) continue;
      statement.Action = actions.filter((a) => a !== action);
      removed++;
    }
  }
  // The test proves nothing if the grant moved: fail rather than pass vacuously.
  if (!removed) throw new Error(`${lambda} has no ${action} on ${resource ?? 'anything'} to remove`);
  return copy;
}

const proxy = (policies: StackPolicies) =>
  startTestEnforcer({ upstream, userPoolId: env.USER_POOL_ID, policies }).then((iam) => ({
    iam,
    lines: iam.lines,
  }));
type Proxy = Awaited<ReturnType<typeof proxy>>;

const common = (who: LambdaName | 'deployer') => ({
  region: env.AWS_REGION,
  credentials: who === 'deployer' ? DEPLOYER_CREDENTIALS : lambdaCredentials(who),
  maxAttempts: 1,
});
const s3 = (who: LambdaName | 'deployer', endpoint: string) =>
  new S3Client({ ...common(who), endpoint, forcePathStyle: true });
const dynamo = (who: LambdaName | 'deployer', endpoint: string) =>
  new DynamoDBClient({ ...common(who), endpoint });
type AwsError = Error & { $metadata?: { httpStatusCode?: number } };
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: AwsError) => error,
  );

let intact: Proxy;
let trimmed: Proxy;

beforeAll(async () => {
  const policies = await loadStackPolicies();
  intact = await proxy(policies);
  trimmed = await proxy(
    withoutGrant(
      withoutGrant(policies, 'moments', 's3:PutObject', 'arn:aws:s3:::renders/compositions/*'),
      'uploads',
      'dynamodb:PutItem',
    ),
  );
});

beforeEach(() => {
  for (const { iam, lines } of [intact, trimmed]) {
    iam.clearRefusals();
    lines.length = 0;
  }
});

afterAll(async () => {
  await intact?.iam.stop();
  await trimmed?.iam.stop();
});

describe('IAM on the local stack, end to end', () => {
  it('moments may write a composition; without its s3:PutObject grant it is refused, and nothing is stored', async () => {
    const id = randomUUID();
    const key = `compositions/${id}/free.jpg`;
    const put = (endpoint: string, Key: string) =>
      s3('moments', endpoint).send(
        new PutObjectCommand({ Bucket: env.RENDERS_BUCKET, Key, Body: 'jpeg', ContentType: 'image/jpeg' }),
      );
    await put(intact.iam.endpoints.s3, key);

    const otherKey = `compositions/${randomUUID()}/free.jpg`;
    const error = await errorOf(put(trimmed.iam.endpoints.s3, otherKey));
    const resource = `arn:aws:s3:::renders/${otherKey}`;
    expect(error?.name).toBe('AccessDenied');
    expect(error?.$metadata?.httpStatusCode).toBe(403);
    expect(error?.message).toMatch(/assumed-role\/ApiMomentsHandlerRole[0-9A-F]{8}\/little-futures-moments/);
    expect(error?.message).toContain(`not authorized to perform: s3:PutObject on resource: ${resource}`);
    expect(trimmed.lines).toEqual([`IAM refused moments: s3:PutObject on ${resource}`]);
    expect(trimmed.iam.refusals).toMatchObject([
      { service: 's3', caller: 'moments', action: 's3:PutObject', resource, operation: 'PutObject' },
    ]);

    // The deployer's own check, straight at the emulator: the first write landed, the refused one never did.
    const direct = s3('deployer', upstream.s3);
    await direct.send(new HeadObjectCommand({ Bucket: env.RENDERS_BUCKET, Key: key }));
    const missing = await errorOf(
      direct.send(new HeadObjectCommand({ Bucket: env.RENDERS_BUCKET, Key: otherKey })),
    );
    expect(missing?.name).toBe('NotFound');
    expect(intact.iam.refusals).toEqual([]);
  });

  it('uploads may put an item; without dynamodb:PutItem the call and a transaction putting it are refused', async () => {
    const Item = { pk: { S: `IAMTEST#${randomUUID()}` }, sk: { S: 'A' } };
    await dynamo('uploads', intact.iam.endpoints.dynamodb).send(
      new PutItemCommand({ TableName: env.TABLE_NAME, Item }),
    );

    const other = { ...Item, pk: { S: `IAMTEST#${randomUUID()}` } };
    const client = dynamo('uploads', trimmed.iam.endpoints.dynamodb);
    const error = await errorOf(client.send(new PutItemCommand({ TableName: env.TABLE_NAME, Item: other })));
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toContain(
      `little-futures-uploads is not authorized to perform: dynamodb:PutItem on resource: ${TABLE_ARN}`,
    );
    const transaction = await errorOf(
      client.send(
        new TransactWriteItemsCommand({
          TransactItems: [{ Put: { TableName: env.TABLE_NAME, Item: other } }],
        }),
      ),
    );
    expect(transaction?.name).toBe('AccessDeniedException');
    expect(trimmed.lines).toEqual([
      `IAM refused uploads: dynamodb:PutItem on ${TABLE_ARN}`,
      `IAM refused uploads: dynamodb:PutItem on ${TABLE_ARN}`,
    ]);

    const direct = dynamo('deployer', upstream.dynamodb);
    const read = (Key: typeof Item) => direct.send(new GetItemCommand({ TableName: env.TABLE_NAME, Key }));
    expect((await read(Item)).Item).toBeDefined();
    expect((await read(other)).Item).toBeUndefined();
  });

  it('a missing key is 404 only to callers that may list the bucket; others hear 403, as from S3', async () => {
    const endpoint = intact.iam.endpoints.s3;
    const absent = `${randomUUID()}/free.jpg`;
    const hidden = await errorOf(
      s3('render-worker', endpoint).send(
        new HeadObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: `users/${absent}` }),
      ),
    );
    expect(hidden?.$metadata?.httpStatusCode).toBe(403);
    const readHidden = await errorOf(
      s3('uploads', endpoint).send(new GetObjectCommand({ Bucket: env.RENDERS_BUCKET, Key: `hd/${absent}` })),
    );
    expect(readHidden?.name).toBe('AccessDenied');
    expect(intact.lines).toEqual([
      'IAM refused render-worker: s3:ListBucket on arn:aws:s3:::uploads',
      'IAM refused uploads: s3:ListBucket on arn:aws:s3:::renders',
    ]);
    // Moments may list renders: a free keepsake not drawn yet is a 404 to it (it heads one first).
    const notDrawn = await errorOf(
      s3('moments', endpoint).send(
        new HeadObjectCommand({ Bucket: env.RENDERS_BUCKET, Key: `compositions/${absent}` }),
      ),
    );
    expect(notDrawn?.name).toBe('NotFound');
    // The uploads Lambda may list its own bucket: it hears the truth, as does the deployer.
    const told = await errorOf(
      s3('uploads', endpoint).send(
        new HeadObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: `incoming/${absent}` }),
      ),
    );
    expect(told?.name).toBe('NotFound');
    const deployer = await errorOf(
      s3('deployer', endpoint).send(
        new GetObjectCommand({ Bucket: env.RENDERS_BUCKET, Key: `hd/${absent}` }),
      ),
    );
    expect(deployer?.name).toBe('NoSuchKey');
  });

  it('Cognito: the admin Lambda reads the admins group, the account Lambda may not', async () => {
    const cognito = (who: LambdaName) =>
      new CognitoIdentityProviderClient({ ...common(who), endpoint: intact.iam.endpoints.cognito });
    const list = new ListUsersInGroupCommand({ UserPoolId: env.USER_POOL_ID, GroupName: ADMINS_GROUP });
    await cognito('admin').send(list);
    const error = await errorOf(cognito('account').send(list));
    expect(error?.name).toBe('AccessDeniedException');
    expect(intact.lines.at(-1)).toBe(
      `IAM refused account: cognito-idp:ListUsersInGroup on arn:aws:cognito-idp:us-east-1:000000000000:userpool/${env.USER_POOL_ID}`,
    );
  });

  it.skipIf(env.AWS_ENDPOINT_URL_S3 === upstream.s3)(
    "is what the app's environment points at (LOCAL_IAM=off skips this)",
    async () => {
      for (const name of ['DYNAMODB', 'S3', 'SQS', 'COGNITO_IDENTITY_PROVIDER']) {
        expect(Object.values(upstream)).not.toContain(env[`AWS_ENDPOINT_URL_${name}`]);
      }
      const error = await errorOf(
        dynamo('system', env.AWS_ENDPOINT_URL_DYNAMODB).send(
          new GetItemCommand({ TableName: env.TABLE_NAME, Key: { pk: { S: 'x' }, sk: { S: 'y' } } }),
        ),
      );
      expect(error?.name).toBe('AccessDeniedException');
    },
  );
});
