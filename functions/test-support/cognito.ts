/**
 * Real sign-ups and sign-ins against the local Cognito, for integration tests. Call loadLocalEnv()
 * first. Tokens are checked the way API Gateway's JWT authorizer does (claimsOf).
 */
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMINS_GROUP } from '@shared/deployment';
import { createJwtAuthorizer } from '../adapters/auth/jwt-verifier';

export const PASSWORD = 'correct horse battery';
/** cognito-local runs with CODE=123456 (scripts/local/emulators/cognito.ts). */
export const CONFIRMATION_CODE = '123456';

export type Parent = {
  email: string;
  password: string;
  sub: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
};

let client: CognitoIdentityProviderClient | undefined;
export const cognito = () => {
  client ??= new CognitoIdentityProviderClient({ region: process.env.AWS_REGION });
  return client;
};

export async function signUp(email = `parent-${crypto.randomUUID()}@example.com`, password = PASSWORD) {
  const result = await cognito().send(
    new SignUpCommand({
      ClientId: process.env.USER_POOL_CLIENT_ID!,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  return { email, password, sub: result.UserSub!, confirmed: Boolean(result.UserConfirmed) };
}

/** With the emailed code (the browser's way) or as an operator (AdminConfirmSignUp). */
export async function confirm(email: string, how: 'code' | 'admin' = 'admin') {
  if (how === 'code') {
    await cognito().send(
      new ConfirmSignUpCommand({
        ClientId: process.env.USER_POOL_CLIENT_ID!,
        Username: email,
        ConfirmationCode: CONFIRMATION_CODE,
      }),
    );
  } else {
    await cognito().send(
      new AdminConfirmSignUpCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: email }),
    );
  }
}

export async function signIn(email: string, password = PASSWORD) {
  const auth = await cognito().send(
    new InitiateAuthCommand({
      ClientId: process.env.USER_POOL_CLIENT_ID!,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return auth.AuthenticationResult!;
}

export async function refresh(refreshToken: string) {
  const auth = await cognito().send(
    new InitiateAuthCommand({
      ClientId: process.env.USER_POOL_CLIENT_ID!,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  return auth.AuthenticationResult!;
}

/** A confirmed, signed-in parent; an admin is one in the `admins` group before signing in. */
export async function newParent(opts: { admin?: boolean } = {}): Promise<Parent> {
  const { email, password, sub } = await signUp();
  await confirm(email);
  if (opts.admin) {
    await cognito().send(
      new AdminAddUserToGroupCommand({
        UserPoolId: process.env.USER_POOL_ID!,
        Username: email,
        GroupName: ADMINS_GROUP,
      }),
    );
  }
  const tokens = await signIn(email, password);
  return {
    email,
    password,
    sub,
    idToken: tokens.IdToken!,
    accessToken: tokens.AccessToken!,
    refreshToken: tokens.RefreshToken!,
  };
}

let authorize: ReturnType<typeof createJwtAuthorizer> | undefined;

/** The claims API Gateway's authorizer would pass for this token; throws when it would answer 401. */
export async function claimsOf(token: string): Promise<Record<string, string>> {
  authorize ??= createJwtAuthorizer({
    issuer: process.env.COGNITO_ISSUER!,
    clientId: process.env.USER_POOL_CLIENT_ID!,
  });
  const result = await authorize(`Bearer ${token}`);
  if (!result) throw new Error('the JWT authorizer refused the token');
  return result.claims;
}
