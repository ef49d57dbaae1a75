/**
 * Routes without API Gateway's authorizer still recognise a signed-in parent by a real token from
 * the local Cognito, and refuse a forged or foreign one with 401 (never a 500).
 */
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps } = createTestApp();

async function signedInParent() {
  const cognito = new CognitoIdentityProviderClient({ region: process.env.AWS_REGION });
  const email = `parent-${crypto.randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const clientId = process.env.USER_POOL_CLIENT_ID!;
  const signUp = await cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito.send(
    new AdminConfirmSignUpCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: email }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { sub: signUp.UserSub!, idToken: auth.AuthenticationResult!.IdToken! };
}

describe('optional sign-in on visitor routes', () => {
  it('makes a signed-in parent the owner of their upload, kept without an expiry', async () => {
    const parent = await signedInParent();
    const created = await callRoute('createUpload', {
      headers: { authorization: `Bearer ${parent.idToken}` },
      body: { contentType: 'image/png', size: 1234 },
    });
    expect(created.status).toBe(200);
    const { upload } = (await deps.uploads.getUploadWithJobs(created.json.uploadId))!;
    expect(upload.owner).toBe(`user:${parent.sub}`);

    const asOwner = await callRoute('getUpload', {
      headers: { authorization: `Bearer ${parent.idToken}` },
      params: { uploadId: upload.id },
    });
    expect([asOwner.json.viewerIsOwner, asOwner.json.ownedByUser]).toEqual([true, true]);
    const asVisitor = await callRoute('getUpload', {
      sessionId: crypto.randomUUID(),
      params: { uploadId: upload.id },
    });
    expect(asVisitor.json.viewerIsOwner).toBe(false);
  });

  it('refuses a forged token with 401 instead of treating the caller as a visitor', async () => {
    const parent = await signedInParent();
    const [header, payload] = parent.idToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const result = await callRoute('createUpload', {
      sessionId: crypto.randomUUID(),
      headers: { authorization: `Bearer ${forged}` },
      body: { contentType: 'image/png', size: 1234 },
    });
    expect([result.status, result.json.error.message]).toEqual([401, messages.signInExpired]);
  });

  it('refuses garbage in the Authorization header with 401', async () => {
    const result = await callRoute('getUpload', {
      headers: { authorization: 'Bearer not-a-jwt' },
      params: { uploadId: crypto.randomUUID() },
    });
    expect(result.status).toBe(401);
  });
});
