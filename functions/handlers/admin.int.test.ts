/**
 * First-admin setup on a user pool of its own (cognito-local), so "the group is empty" is true here
 * whatever other files do: only the address the deployment names (ADMIN_EMAIL) may claim it, two of
 * its requests race and exactly one wins, nobody comes after.
 */
import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ADMINS_GROUP } from '@shared/deployment';
import { messages } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpointEnv, startTestEnforcer, type TestEnforcer } from '../../scripts/local/iam/test-enforcer';
import { keys } from '../adapters/dynamo/table-design';
import { loadLocalEnv } from '../test-support/local-env';
import { createTestApp, type TestApp } from '../test-support/test-app';

const env = loadLocalEnv();
/** The address this file's deployment names as its first admin. */
const NAMED = `named-${crypto.randomUUID()}@example.com`;
const cognito = new CognitoIdentityProviderClient({ region: env.AWS_REGION });
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION }));
let app: TestApp;
let unnamed: TestApp;
let poolId: string;
let enforcer: TestEnforcer | undefined;

const clearClaim = () => doc.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: keys.firstAdmin() }));

async function newUser(email = `operator-${crypto.randomUUID()}@example.com`) {
  const { User } = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      UserAttributes: [{ Name: 'email', Value: email }],
      MessageAction: 'SUPPRESS',
    }),
  );
  const sub = User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? crypto.randomUUID();
  // What API Gateway's authorizer passes for this user's ID token.
  return { email, claims: { sub, email, email_verified: 'true', 'cognito:username': User!.Username! } };
}

const members = async () =>
  (
    (await cognito.send(new ListUsersInGroupCommand({ UserPoolId: poolId, GroupName: ADMINS_GROUP })))
      .Users ?? []
  ).map((u) => u.Username);

beforeAll(async () => {
  const { UserPool } = await cognito.send(
    new CreateUserPoolCommand({ PoolName: `first-admin-${Date.now()}` }),
  );
  poolId = UserPool!.Id!;
  await cognito.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: ADMINS_GROUP }));
  await clearClaim();
  // The admin role names the stack's pool only (as in AWS): this pool gets an enforcer of its own.
  enforcer = await startTestEnforcer({ upstream: inject('emulatorUpstream'), userPoolId: poolId });
  Object.assign(process.env, endpointEnv(enforcer));
  app = createTestApp({ USER_POOL_ID: poolId, ADMIN_EMAIL: NAMED.toUpperCase() });
  unnamed = createTestApp({ USER_POOL_ID: poolId, ADMIN_EMAIL: '' });
});

afterAll(async () => {
  await enforcer?.stop();
  await clearClaim();
  cognito.destroy();
  doc.destroy();
});

describe('POST /api/admin/grant', () => {
  it('lets nobody claim it while the deployment names no address, and says how to name one', async () => {
    const ada = await newUser();
    const refused = await unnamed.callRoute('grantFirstAdmin', { claims: ada.claims });
    expect([refused.status, refused.json.error.message]).toEqual([403, messages.firstAdminNotNamed]);
    expect(await members()).toEqual([]);
  });

  it('makes only the named address the first admin, once, and nobody after', async () => {
    const [ada, eve] = await Promise.all([newUser(NAMED), newUser()]);
    // The first stranger to sign up is refused while the group is still empty.
    const stranger = await app.callRoute('grantFirstAdmin', { claims: eve.claims });
    expect([stranger.status, stranger.json.error.message]).toEqual([403, messages.notTheNamedAdmin]);
    // So is the named address while its token does not say it is verified.
    const unverified = { ...ada.claims, email_verified: 'false' };
    const early = await app.callRoute('grantFirstAdmin', { claims: unverified });
    expect([early.status, early.json.error.message]).toEqual([403, messages.notTheNamedAdmin]);
    expect(await members()).toEqual([]);

    // Two tabs of the named account press at once: exactly one request makes it an admin.
    const raced = await Promise.all(
      [0, 1].map(() => app.callRoute('grantFirstAdmin', { claims: ada.claims })),
    );
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    expect(raced.find((r) => r.status !== 200)!.status).toBeOneOf([403, 409]);
    expect(await members()).toEqual([ada.claims['cognito:username']]);

    const again = await app.callRoute('grantFirstAdmin', { claims: ada.claims });
    expect([again.status, again.json.error.message]).toEqual([409, messages.alreadyAdmin]);
    const late = await app.callRoute('grantFirstAdmin', { claims: eve.claims });
    expect([late.status, late.json.error.message]).toEqual([403, messages.adminsManagedByAdmins]);
    expect(await members()).toEqual([ada.claims['cognito:username']]);
  });

  it('answers 401 without a signed-in user', async () => {
    const visitor = await app.callRoute('grantFirstAdmin', { sessionId: crypto.randomUUID() });
    expect(visitor.status).toBe(401);
  });
});
