/**
 * The local stand-in for CloudFront + API Gateway (HTTP API) on one origin: /api/* runs the route
 * table's handlers in-process with real payload v2 events and the JWT authorizer (the webhooks behind
 * the WAF's key check and API Gateway's throttle, edge-guards.ts), the public keys of
 * the renders bucket (/previews/*, template images) stream from it, /cognito forwards to cognito-local (Amplify's
 * userPoolEndpoint), everything else is the frontend.
 */
import http from 'node:http';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { needsJwtAuthorizer, type RouteDef, type RouteGroup } from '@shared/api';
import { SHARE_TARGET } from '@shared/deployment';
import { messages } from '@shared/messages';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createJwtAuthorizer, type JwtAuthorizer } from '../../../functions/adapters/auth/jwt-verifier';
import { createLambdaContext } from '../lambda-context';
import { REPO_ROOT } from '../paths';
import { LOOPBACK } from '../ports';
import { proxyCognito } from './cognito';
import { carriesWebhookKey, webhookPaths, webhookThrottles } from './edge-guards';
import {
  buildHttpApiEvent,
  errorResponse,
  type HttpResponse,
  matchApiRoute,
  resultToHttpResponse,
} from './event';
import { createDistHandler, createViteHandler, type FrontendHandler } from './frontend';
import { isPublicFilePath, servePublicFile } from './public-files';

/** Errors of a response stream the browser closed: not failures of ours. */
const BROWSER_WENT_AWAY = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_UNABLE_TO_PIPE']);

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | string | object | undefined>;
export type HttpHandlers = Record<RouteGroup, HttpHandler>;

/** Lambda's synchronous invocation payload limit. */
const MAX_REQUEST_BYTES = 6 * 1024 * 1024;
/** API Gateway's integration timeout. */
const DEFAULT_HANDLER_TIMEOUT_MS = 30_000;

export type GatewayOptions = {
  port: number;
  handlers: HttpHandlers;
  /**
   * The stack's environment: COGNITO_ISSUER, USER_POOL_CLIENT_ID, AWS_ENDPOINT_URL_S3, RENDERS_BUCKET,
   * WEBHOOK_KEY (without it every webhook request is refused, as the WAF refuses keyless ones)...
   */
  env: Record<string, string>;
  frontend: 'dev' | 'dist' | 'none';
  distDir?: string;
  routeTable?: Record<string, RouteDef>;
  handlerTimeoutMs?: number;
  /** One line per API request; console.log unless given. */
  log?: (line: string) => void;
};

export type Gateway = { url: string; port: number; server: http.Server; stop(): Promise<void> };

class PayloadTooLarge extends Error {}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) throw new PayloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: http.ServerResponse, response: HttpResponse): void {
  const headers: http.OutgoingHttpHeaders = { ...response.headers, 'content-length': response.body.length };
  if (response.cookies.length) headers['set-cookie'] = response.cookies;
  res.writeHead(response.statusCode, headers);
  res.end(response.body);
}

const serverError = () => errorResponse(500, 'server_error', messages.serverError);

export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const timeoutMs = opts.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS;
  const env = opts.env;
  const s3 = new S3Client({
    region: env.AWS_REGION ?? 'us-east-1',
    endpoint: env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
        : undefined,
  });
  let authorizer: JwtAuthorizer | undefined;
  const authorize: JwtAuthorizer = async (header) => {
    if (!env.COGNITO_ISSUER || !env.USER_POOL_CLIENT_ID) return null;
    authorizer ??= createJwtAuthorizer({ issuer: env.COGNITO_ISSUER, clientId: env.USER_POOL_CLIENT_ID });
    return authorizer(header);
  };

  const webhooks = webhookPaths(opts.routeTable);
  const throttles = webhookThrottles(opts.routeTable);

  async function handleApi(req: http.IncomingMessage, rawPath: string): Promise<HttpResponse> {
    const method = req.method ?? 'GET';
    // The WAF's first rule: nothing without the key reaches a throttle or a handler.
    if (webhooks.has(rawPath) && !carriesWebhookKey(req.url ?? '', env.WEBHOOK_KEY))
      return errorResponse(403, 'forbidden', 'Forbidden');
    const match = matchApiRoute(method, rawPath, opts.routeTable);
    if (match.kind === 'not_found')
      return errorResponse(404, 'not_found', `No API route for ${method} ${rawPath}`);
    if (match.kind === 'method_not_allowed') {
      const response = errorResponse(405, 'method_not_allowed', `${method} is not allowed on ${rawPath}`);
      response.headers.allow = match.allowed.join(', ');
      return response;
    }
    if (throttles.get(match.id)?.take() === false)
      return errorResponse(429, 'throttled', 'Too Many Requests');
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof PayloadTooLarge)
        return errorResponse(413, 'too_large', 'Request Entity Too Large');
      throw error;
    }
    let jwt: Awaited<ReturnType<JwtAuthorizer>> | undefined;
    if (needsJwtAuthorizer(match.route)) {
      jwt = await authorize(req.headers.authorization);
      if (!jwt) {
        const response = errorResponse(401, 'unauthenticated', 'Unauthorized');
        response.headers['www-authenticate'] = 'Bearer';
        return response;
      }
    }
    const event = buildHttpApiEvent(
      {
        method,
        url: req.url ?? rawPath,
        headers: req.headers,
        body,
        sourceIp: req.socket.remoteAddress ?? LOOPBACK,
      },
      match,
      { authorizer: jwt ?? undefined },
    );
    const handler = opts.handlers[match.route.group];
    if (!handler) throw new Error(`No handler registered for route group "${match.route.group}"`);
    const context = createLambdaContext(`little-futures-${match.route.group}`, {
      timeoutMs,
      region: env.AWS_REGION,
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const result = await Promise.race([handler(event, context), timedOut]);
      if (result === 'timeout') {
        console.error(`[gateway] ${event.routeKey} timed out after ${timeoutMs} ms`);
        return errorResponse(503, 'unavailable', messages.serverError);
      }
      return resultToHttpResponse(result);
    } catch (error) {
      // Like API Gateway: the caller sees a generic 500, the details go to the log only.
      console.error(`[gateway] ${event.routeKey} failed:`, error);
      return serverError();
    } finally {
      clearTimeout(timer);
    }
  }

  let frontend: FrontendHandler | undefined;
  const server = http.createServer(async (req, res) => {
    const started = Date.now();
    const rawPath = (req.url ?? '/').split('?')[0];
    try {
      if (rawPath === '/api' || rawPath.startsWith('/api/')) {
        const response = await handleApi(req, rawPath);
        send(res, response);
        log(`${req.method} ${req.url} ${response.statusCode} ${Date.now() - started}ms`);
      } else if (rawPath === '/cognito' || rawPath === '/cognito/') {
        await proxyCognito(req, res, {
          endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
          verifier: {
            userPoolId: env.USER_POOL_ID,
            region: env.AWS_REGION,
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
          },
        });
      } else if (rawPath === SHARE_TARGET.path) {
        // A share no service worker took: the upload page says the photo did not arrive (as CloudFront).
        req.resume();
        res.writeHead(303, { location: SHARE_TARGET.landing, 'cache-control': 'no-store' }).end();
      } else if (isPublicFilePath(rawPath)) {
        await servePublicFile(req, res, { s3, bucket: env.RENDERS_BUCKET ?? 'renders' });
      } else if (frontend) {
        await frontend.handle(req, res);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      }
    } catch (error) {
      // A browser that navigates away mid-image closes the stream (while it flows, or before it
      // starts): nothing failed on our side.
      if (BROWSER_WENT_AWAY.has((error as { code?: string }).code ?? '')) return void res.destroy();
      console.error(`[gateway] ${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) send(res, serverError());
      else res.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  try {
    if (opts.frontend === 'dist')
      frontend = createDistHandler(opts.distDir ?? path.join(REPO_ROOT, 'dist/site'));
    if (opts.frontend === 'dev')
      frontend = await createViteHandler({ repoRoot: REPO_ROOT, httpServer: server });
  } catch (error) {
    server.close();
    throw error;
  }
  const port = (server.address() as { port: number }).port;

  return {
    // localhost, not 127.0.0.1: the browser origin the app and its CORS rules expect.
    url: `http://localhost:${port}`,
    port,
    server,
    async stop() {
      await frontend?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      s3.destroy();
    },
  };
}
