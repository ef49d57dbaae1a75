/**
 * /cognito on the app's origin: a pass-through to cognito-local for Amplify's `userPoolEndpoint`
 * (same origin, so no CORS). cognito-local lacks GetTokensFromRefreshToken, Amplify v6's refresh
 * call, so that one is rewritten to InitiateAuth REFRESH_TOKEN_AUTH, which answers the same shape.
 * Cognito marks the email verified when the emailed code confirms a sign-up; cognito-local does not,
 * so the proxy does it (first-admin setup trusts only a verified email).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const MAX_BODY_BYTES = 256 * 1024;

type RefreshInput = {
  ClientId?: string;
  RefreshToken?: string;
  DeviceKey?: string;
  ClientMetadata?: unknown;
};

/** The request cognito-local understands, for one Cognito API call. */
export function rewriteCognitoCall(target: string, body: string): { target: string; body: string } {
  if (target !== `${TARGET_PREFIX}GetTokensFromRefreshToken`) return { target, body };
  const input = JSON.parse(body || '{}') as RefreshInput;
  return {
    target: `${TARGET_PREFIX}InitiateAuth`,
    body: JSON.stringify({
      ClientId: input.ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: {
        REFRESH_TOKEN: input.RefreshToken,
        ...(input.DeviceKey ? { DEVICE_KEY: input.DeviceKey } : {}),
      },
      ...(input.ClientMetadata ? { ClientMetadata: input.ClientMetadata } : {}),
    }),
  };
}

/** The pool and the stack's own credentials, to mark a confirmed sign-up's email verified. */
export type EmailVerifier = {
  userPoolId?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

async function markEmailVerified(endpoint: string, verifier: EmailVerifier, body: string): Promise<void> {
  const { Username } = JSON.parse(body) as { Username?: string };
  const { userPoolId, region, accessKeyId, secretAccessKey } = verifier;
  if (!Username || !userPoolId || !accessKeyId || !secretAccessKey) return;
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region,
    credentials: { accessKeyId, secretAccessKey },
  });
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username }));
    const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
    if (!email) return;
    // cognito-local takes email_verified only beside the email itself.
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } finally {
    client.destroy();
  }
}

export async function proxyCognito(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { endpoint: string | undefined; verifier?: EmailVerifier },
): Promise<void> {
  const reply = (status: number, type: string, message: string) => {
    res
      .writeHead(status, { 'content-type': 'application/x-amz-json-1.1' })
      .end(JSON.stringify({ __type: type, message }));
  };
  if (!opts.endpoint) return reply(503, 'ServiceUnavailable', 'No local Cognito endpoint configured');
  if (req.method !== 'POST') return reply(405, 'MethodNotAllowed', 'Cognito calls are POST requests');
  const target = String(req.headers['x-amz-target'] ?? '');
  if (!target.startsWith(TARGET_PREFIX)) return reply(400, 'InvalidAction', 'Missing X-Amz-Target');

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return reply(413, 'RequestTooLarge', 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  let call: { target: string; body: string };
  try {
    call = rewriteCognitoCall(target, Buffer.concat(chunks).toString('utf8'));
  } catch {
    return reply(400, 'InvalidParameterException', 'Request body is not JSON');
  }
  const headers: Record<string, string> = {
    'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
    'x-amz-target': call.target,
  };
  if (req.headers.authorization) headers.authorization = req.headers.authorization;
  const upstream = await fetch(`${opts.endpoint}/`, { method: 'POST', headers, body: call.body });
  const body = Buffer.from(await upstream.arrayBuffer());
  if (upstream.ok && call.target === `${TARGET_PREFIX}ConfirmSignUp` && opts.verifier) {
    await markEmailVerified(opts.endpoint, opts.verifier, call.body);
  }
  res.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
    'content-length': body.length,
  });
  res.end(body);
}
