/**
 * What API Gateway (HTTP API, payload format 2.0) does around a Lambda: match the route table,
 * build the event, and turn the handler's result back into an HTTP response. Pure: no I/O.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { matchPath, type RouteDef, type RouteId, routeKey, routes } from '@shared/api';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { LOCAL_ACCOUNT_ID } from '../lambda-context';

export type RouteMatch =
  | { kind: 'match'; id: RouteId; route: RouteDef; params: Record<string, string> }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allowed: string[] };

export function matchApiRoute(
  method: string,
  path: string,
  table: Record<string, RouteDef> = routes,
): RouteMatch {
  const allowed: string[] = [];
  for (const [id, route] of Object.entries(table)) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method) return { kind: 'match', id: id as RouteId, route, params };
    allowed.push(route.method);
  }
  return allowed.length ? { kind: 'method_not_allowed', allowed } : { kind: 'not_found' };
}

/** Content types API Gateway passes as text; every other body arrives base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'application/x-www-form-urlencoded' ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

export type ApiRequest = {
  method: string;
  /** Path and query as received, e.g. "/api/uploads/abc?x=1". */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
};

import type { JwtAuthorizerResult } from '../../../functions/adapters/auth/jwt-verifier';

export type { JwtAuthorizerResult };

/** "22/Nov/2026:04:13:00 +0000", the format of requestContext.time. */
function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

export function buildHttpApiEvent(
  request: ApiRequest,
  match: Extract<RouteMatch, { kind: 'match' }>,
  opts: { authorizer?: JwtAuthorizerResult; now?: Date; requestId?: string } = {},
): APIGatewayProxyEventV2 {
  const now = opts.now ?? new Date();
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : request.url.slice(queryStart + 1);

  // Lowercase names, repeated headers joined by commas; cookies move to their own field.
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(',') : value;
    if (name === 'cookie') {
      cookies = joined
        .split(/;\s*/)
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[name.toLowerCase()] = joined;
  }
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${request.sourceIp}`
    : request.sourceIp;
  headers['x-forwarded-proto'] ??= 'http';

  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    queryStringParameters = {};
    for (const [name, value] of new URLSearchParams(rawQueryString)) {
      const previous = queryStringParameters[name];
      queryStringParameters[name] = previous === undefined ? value : `${previous},${value}`;
    }
  }

  const key = routeKey(match.route);
  const requestId = opts.requestId ?? randomUUID();
  const host = headers.host ?? 'localhost';
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: key,
    rawPath,
    rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(Object.keys(match.params).length ? { pathParameters: match.params } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0],
      http: {
        method: request.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: key,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
  if (opts.authorizer) {
    (event.requestContext as unknown as Record<string, unknown>).authorizer = {
      jwt: { claims: opts.authorizer.claims, scopes: opts.authorizer.scopes },
    };
  }
  if (request.body.length > 0) {
    const text = isTextContentType(headers['content-type']);
    event.body = text ? request.body.toString('utf8') : request.body.toString('base64');
    event.isBase64Encoded = !text;
  }
  return event;
}

export type HttpResponse = {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
};

export function jsonResponse(
  statusCode: number,
  value: unknown,
  headers: Record<string, string> = {},
): HttpResponse {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    cookies: [],
    body: Buffer.from(JSON.stringify(value)),
  };
}

export function errorResponse(statusCode: number, code: string, message: string): HttpResponse {
  return jsonResponse(statusCode, { error: { code, message } });
}

/**
 * The handler's result as API Gateway returns it: a structured result (statusCode, headers,
 * cookies, body, isBase64Encoded), or any other value, which becomes a 200 JSON response.
 */
export function resultToHttpResponse(result: unknown): HttpResponse {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : undefined;
  if (!structured) {
    if (result === undefined || result === null)
      return { statusCode: 200, headers: {}, cookies: [], body: Buffer.alloc(0) };
    const body = typeof result === 'string' ? result : JSON.stringify(result);
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      cookies: [],
      body: Buffer.from(body),
    };
  }
  const statusCode = Number(structured.statusCode ?? 200);
  if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
    throw new Error(`Handler returned an invalid statusCode: ${String(structured.statusCode)}`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  const raw = structured.body ?? '';
  const body = structured.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  return { statusCode, headers, cookies: structured.cookies ?? [], body };
}
