import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { type RouteDef, routes } from '@shared/api';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalEnv } from '../../../functions/test-support/local-env';
import { LOCAL_CONFIRMATION_CODE } from '../emulators/cognito';
import { freePort } from '../ports';
import { type Gateway, startGateway } from './gateway';

const env = loadLocalEnv();
// The product's routes: GET /api/me (getMe) is behind the JWT authorizer.
const routeTable: Record<string, RouteDef> = routes;
const events: APIGatewayProxyEventV2[] = [];
const lastEvent = () => events[events.length - 1];
let gateway: Gateway;
let base: string;

beforeAll(async () => {
  const ok = async (event: APIGatewayProxyEventV2) => {
    events.push(event);
    return { statusCode: 200, body: '{"ok":true}' };
  };
  gateway = await startGateway({
    port: await freePort(),
    env,
    frontend: 'none',
    routeTable,
    log: () => undefined,
    handlers: { system: ok, uploads: ok, account: ok, payments: ok, webhooks: ok, moments: ok, admin: ok },
  });
  base = `http://127.0.0.1:${gateway.port}`;
});
afterAll(() => gateway?.stop());

describe('gateway: JWT authorizer', () => {
  const cognito = new CognitoIdentityProviderClient({});
  afterAll(() => cognito.destroy());

  async function realTokens() {
    const email = `parent-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'correct horse battery';
    await cognito.send(
      new SignUpCommand({ ClientId: env.USER_POOL_CLIENT_ID, Username: email, Password: password }),
    );
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: env.USER_POOL_ID, Username: email }));
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: env.USER_POOL_ID, Username: email, GroupName: 'admins' }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: env.USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return { email, ...auth.AuthenticationResult! };
  }

  /** A well-formed token for the right issuer and client, signed with a key Cognito never had. */
  async function forgedToken(): Promise<string> {
    const jwks = (await (await fetch(`${env.COGNITO_ISSUER}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${part({ alg: 'RS256', kid: jwks.keys[0].kid, typ: 'JWT' })}.${part({
      sub: randomUUID(),
      iss: env.COGNITO_ISSUER,
      client_id: env.USER_POOL_CLIENT_ID,
      token_use: 'access',
      'cognito:groups': ['admins'],
      iat: now,
      exp: now + 3600,
    })}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url');
    return `${unsigned}.${signature}`;
  }

  it('rejects a missing, a garbage and a forged token with 401', async () => {
    for (const authorization of [undefined, 'Bearer not-a-jwt', `Bearer ${await forgedToken()}`]) {
      const count = events.length;
      const response = await fetch(`${base}/api/me`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      expect(events.length).toBe(count);
    }
  });

  it('accepts real local-Cognito access and ID tokens and passes the claims like API Gateway', async () => {
    const tokens = await realTokens();
    const withAccess = await fetch(`${base}/api/me`, {
      headers: { authorization: `Bearer ${tokens.AccessToken}` },
    });
    expect(withAccess.status).toBe(200);
    const accessContext = lastEvent().requestContext as unknown as {
      authorizer: { jwt: { claims: Record<string, string>; scopes: string[] | null } };
    };
    expect(accessContext.authorizer.jwt.claims).toMatchObject({
      iss: env.COGNITO_ISSUER,
      client_id: env.USER_POOL_CLIENT_ID,
      token_use: 'access',
      'cognito:groups': '[admins]',
    });
    expect(accessContext.authorizer.jwt.claims.exp).toMatch(/^\d+$/);

    const withId = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${tokens.IdToken}` } });
    expect(withId.status).toBe(200);
    const idClaims = (lastEvent().requestContext as unknown as typeof accessContext).authorizer.jwt.claims;
    expect(idClaims).toMatchObject({ email: tokens.email, aud: env.USER_POOL_CLIENT_ID, token_use: 'id' });
    expect(idClaims.sub).toBe(accessContext.authorizer.jwt.claims.sub);
  });

  it("proxies Cognito on /cognito and answers Amplify's GetTokensFromRefreshToken", async () => {
    const tokens = await realTokens();
    const response = await fetch(`${base}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: env.USER_POOL_CLIENT_ID, RefreshToken: tokens.RefreshToken }),
    });
    expect(response.status).toBe(200);
    const { AuthenticationResult } = (await response.json()) as {
      AuthenticationResult: { AccessToken: string };
    };
    const me = await fetch(`${base}/api/me`, {
      headers: { authorization: `Bearer ${AuthenticationResult.AccessToken}` },
    });
    expect(me.status).toBe(200);
  });

  it('verifies the email when /cognito confirms a sign-up with the emailed code, as Cognito does', async () => {
    const email = `parent-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'correct horse battery';
    const call = async (action: string, body: Record<string, unknown>) => {
      const response = await fetch(`${base}/cognito`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
        },
        body: JSON.stringify({ ClientId: env.USER_POOL_CLIENT_ID, ...body }),
      });
      expect(response.status, action).toBe(200);
      return response.json() as Promise<{ AuthenticationResult?: { IdToken: string } }>;
    };
    await call('SignUp', {
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    await call('ConfirmSignUp', { Username: email, ConfirmationCode: LOCAL_CONFIRMATION_CODE });
    const { AuthenticationResult } = await call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${AuthenticationResult!.IdToken}` } });
    const claims = (
      lastEvent().requestContext as unknown as { authorizer: { jwt: { claims: Record<string, string> } } }
    ).authorizer.jwt.claims;
    expect(claims).toMatchObject({ email, email_verified: 'true' });
  });

  it('leaves the Authorization header to the handler on routes without the authorizer', async () => {
    await fetch(`${base}/api/health`, { headers: { authorization: 'Bearer whatever' } });
    expect(lastEvent().headers.authorization).toBe('Bearer whatever');
    expect(lastEvent().requestContext).not.toHaveProperty('authorizer');
  });
});
