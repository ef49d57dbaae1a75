/**
 * Cognito user pool requests (`X-Amz-Target: AWSCognitoIdentityProviderService.<Op>`). The admin and
 * management operations are signed and authorised as `cognito-idp:<Op>` on the pool; the user APIs
 * a browser calls (sign-up, sign-in, tokens, the user's own profile) need no IAM at all, and neither
 * do the pool's public keys (JWKS) and OpenID configuration.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type Classification, checked, jsonBody, targetOperation } from './classification';
import { localArns } from './stack-policies';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService';

/** Operations Cognito serves without evaluating IAM: unauthenticated, or authorised by a user's token. */
const PUBLIC_COGNITO_OPERATIONS = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

export function classifyCognito(
  req: { method: string; headers: IncomingHttpHeaders },
  body: Buffer | string | undefined,
): Classification {
  const operation = targetOperation(req.headers, TARGET_PREFIX);
  // GET /<pool>/.well-known/jwks.json and openid-configuration: public in AWS too.
  if (req.method !== 'POST' || !operation)
    return { kind: 'public', operation: `${req.method} (no API operation)` };
  if (PUBLIC_COGNITO_OPERATIONS.has(operation)) return { kind: 'public', operation };
  const input = jsonBody(body);
  if (!input) return { kind: 'unrecognised', operation };
  const pool = input.UserPoolId;
  // ListUserPools, CreateUserPool...: no pool yet, IAM names them on `*`.
  const resource = typeof pool === 'string' ? localArns.userPool(pool) : '*';
  return checked(operation, [{ action: `cognito-idp:${operation}`, resource }]);
}
