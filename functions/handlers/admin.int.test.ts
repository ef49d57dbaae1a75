/**
 * First-admin setup on a user pool of its own (cognito-local), so "the group is empty" is true here
 * whatever other files do: two people race for it, exactly one wins, nobody comes after.
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
const cognito = new CognitoIdentityProviderClient({ region: env.AWS_REGION });
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION }));
let app: TestApp;
let poolId: string;
let enforcer: TestEnforcer | undefined;

const clearClaim = () => doc.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: keys.firstAdmin() }));

async function newUser() {
  const email = `operator-${crypto.randomUUID()}@example.com`;
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
  return { email, claims: { sub, email, 'cognito:username': User!.Username! } };
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
  app = createTestApp({ USER_POOL_ID: poolId });
});

afterAll(async () => {
  await enforcer?.stop();
  await clearClaim();
  cognito.destroy();
  doc.destroy();
});

describe('POST /api/admin/grant', () => {
  it('makes exactly one of two racing operators the first admin, and nobody after', async () => {
    const [ada, bob, eve] = await Promise.all([newUser(), newUser(), newUser()]);
    const raced = await Promise.all(
      [ada, bob].map((u) => app.callRoute('grantFirstAdmin', { claims: u.claims })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 403]);
    const winner = raced[0].status === 200 ? ada : bob;
    const loser = winner === ada ? bob : ada;
    expect(await members()).toEqual([winner.claims['cognito:username']]);
    expect(raced.find((r) => r.status === 403)!.json.error.message).toBe(messages.adminsManagedByAdmins);

    const again = await app.callRoute('grantFirstAdmin', { claims: winner.claims });
    expect([again.status, again.json.error.message]).toEqual([409, messages.alreadyAdmin]);
    for (const late of [loser, eve]) {
      const refused = await app.callRoute('grantFirstAdmin', { claims: late.claims });
      expect([refused.status, refused.json.error.message]).toEqual([403, messages.adminsManagedByAdmins]);
    }
    expect(await members()).toEqual([winner.claims['cognito:username']]);
  });

  it('answers 401 without a signed-in user', async () => {
    const visitor = await app.callRoute('grantFirstAdmin', { sessionId: crypto.randomUUID() });
    expect(visitor.status).toBe(401);
  });
});
