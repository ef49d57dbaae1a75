/**
 * Expired, forged and other-pool tokens get 401, never a 500: on routes whose handler verifies an
 * optional token itself, on signed-in routes at the local gateway (API Gateway's stand-in) and on
 * signed-in routes reaching the handler without the authorizer's claims.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  AdminConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { fillPath, type RouteId, routes } from '@shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../scripts/local/gateway/gateway';
import { cognito, newParent, PASSWORD } from '../test-support/cognito';
import { createTestApp } from '../test-support/test-app';

const { callRoute, env, startGateway } = createTestApp();

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function sign(payload: object, privateKey: string | import('node:crypto').KeyObject, kid: string): string {
  const unsigned = `${part({ alg: 'RS256', kid, typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;
}

/** A token the local Cognito really signed (its key ships in its package) that expired an hour ago. */
function expiredToken(sub: string, email: string): string {
  const keyFile = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { pem } = JSON.parse(readFileSync(keyFile, 'utf8')) as { pem: string };
  const now = Math.floor(Date.now() / 1000);
  return sign(
    {
      sub,
      email,
      aud: env.USER_POOL_CLIENT_ID,
      iss: env.COGNITO_ISSUER,
      token_use: 'id',
      iat: now - 7200,
      exp: now - 3600,
    },
    pem,
    'CognitoLocal',
  );
}

/** Right issuer and client, signed with a key Cognito never had. */
function forgedToken(sub: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Math.floor(Date.now() / 1000);
  return sign(
    {
      sub,
      aud: env.USER_POOL_CLIENT_ID,
      iss: env.COGNITO_ISSUER,
      token_use: 'id',
      iat: now,
      exp: now + 3600,
    },
    privateKey,
    'CognitoLocal',
  );
}

/** A real token of a real user of ANOTHER pool on the same Cognito. */
async function otherPoolToken(): Promise<string> {
  const pool = await cognito().send(
    new CreateUserPoolCommand({
      PoolName: `other-${crypto.randomUUID().slice(0, 8)}`,
      UsernameAttributes: ['email'],
    }),
  );
  const poolId = pool.UserPool!.Id!;
  const client = await cognito().send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: 'other',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'],
    }),
  );
  const clientId = client.UserPoolClient!.ClientId!;
  const email = `other-${crypto.randomUUID()}@example.com`;
  await cognito().send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD }));
  await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: email }));
  const auth = await cognito().send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: PASSWORD },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

const bad: Record<string, string> = {};
let valid: string;
let gateway: Gateway;

beforeAll(async () => {
  const parent = await newParent();
  valid = parent.idToken;
  bad.expired = expiredToken(parent.sub, parent.email);
  bad.forged = forgedToken(parent.sub);
  bad['other pool'] = await otherPoolToken();
  bad.garbage = 'not-a-jwt';
  gateway = await startGateway();
});
afterAll(() => gateway?.stop());

const uploadId = crypto.randomUUID();
/** Every path parameter a route may have (ids are UUIDs): the token is refused before any lookup. */
const pathParams = {
  age: '16',
  uploadId,
  draftId: crypto.randomUUID(),
  templateId: crypto.randomUUID(),
  packId: crypto.randomUUID(),
  testId: crypto.randomUUID(),
  runId: crypto.randomUUID(),
};
const signedInRoutes = (Object.keys(routes) as RouteId[]).filter((id) =>
  ['user', 'admin'].includes(routes[id].access),
);
const optionalRoutes = (Object.keys(routes) as RouteId[]).filter((id) => !signedInRoutes.includes(id));

describe('bad tokens', () => {
  it('there are signed-in routes and optional-sign-in routes to check', () => {
    expect(signedInRoutes.length).toBeGreaterThan(0);
    expect(optionalRoutes.length).toBeGreaterThan(0);
  });

  it.each(['expired', 'forged', 'other pool', 'garbage'])(
    'an %s token gets 401 from every optional-sign-in route',
    async (kind) => {
      for (const id of optionalRoutes) {
        const result = await callRoute(id, {
          sessionId: crypto.randomUUID(),
          headers: { authorization: `Bearer ${bad[kind]}` },
          params: pathParams,
          body: {},
        });
        expect([id, result.status, result.json.error.code]).toEqual([id, 401, 'signInExpired']);
      }
    },
  );

  it.each(['expired', 'forged', 'other pool', 'garbage'])(
    'an %s token gets 401 from every signed-in route, at the gateway and at the handler',
    async (kind) => {
      for (const id of signedInRoutes) {
        const route = routes[id];
        const response = await fetch(`${gateway.url}${fillPath(route.path, pathParams)}`, {
          method: route.method,
          headers: { authorization: `Bearer ${bad[kind]}`, 'content-type': 'application/json' },
          body: route.method === 'GET' ? undefined : JSON.stringify({ sessionId: crypto.randomUUID() }),
        });
        expect([id, response.status]).toEqual([id, 401]);
        // Without the authorizer's claims the handler verifies the header itself.
        const direct = await callRoute(id, {
          headers: { authorization: `Bearer ${bad[kind]}` },
          params: pathParams,
          body: {},
        });
        expect([id, direct.status]).toEqual([id, 401]);
      }
    },
  );

  it('the same calls with a valid token pass (so the 401s above are about the token)', async () => {
    const me = await fetch(`${gateway.url}/api/me`, { headers: { authorization: `Bearer ${valid}` } });
    expect(me.status).toBe(200);
    const config = await callRoute('getClientConfig', { headers: { authorization: `Bearer ${valid}` } });
    expect(config.status).toBe(200);
  });
});
