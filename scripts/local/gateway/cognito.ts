/**
 * /cognito on the app's origin: a pass-through to cognito-local for Amplify's `userPoolEndpoint`
 * (same origin, so no CORS). cognito-local lacks GetTokensFromRefreshToken, Amplify v6's refresh
 * call, so that one is rewritten to InitiateAuth REFRESH_TOKEN_AUTH, which answers the same shape.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

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

export async function proxyCognito(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { endpoint: string | undefined },
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
  res.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
    'content-length': body.length,
  });
  res.end(body);
}
