/**
 * One handler per route group: it finds the route by API Gateway's routeKey, enforces the route's
 * access level, validates the body with the route's schema, runs the operation and maps domain
 * errors to status codes and the messages of shared/messages.ts. The steps depend on each other
 * (route, then principal, then access and body), so they are one function read top to bottom.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  isUuidParam,
  type RouteDef,
  type RouteGroup,
  type RouteId,
  routeKey,
  routes,
  SESSION_HEADER,
} from '@shared/api';
import { ORIGIN_VERIFY_HEADER } from '@shared/deployment';
import { isUuid } from '@shared/rules/ids';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { withCorrelationId } from '../../core/correlation';
import { DomainError } from '../../core/errors';
import type { HttpDeps } from '../../core/lambda-deps';
import type { Principal } from '../../core/ports';
import { beforeDeadline } from './deadline';
import { clientIpOf, resolvePrincipal } from './principal';
import { errorJson, errorResponse, json } from './responses';

type Result = APIGatewayProxyStructuredResultV2;

type BodyOf<R extends RouteId> = (typeof routes)[R] extends { body: z.ZodType }
  ? z.output<(typeof routes)[R]['body']>
  : undefined;

export type OperationInput<R extends RouteId> = {
  principal: Principal;
  params: Record<string, string>;
  body: BodyOf<R>;
  /** The body exactly as sent (decoded from base64 if API Gateway encoded it). */
  rawBody: string;
  event: APIGatewayProxyEventV2;
  /** Milliseconds before the platform stops this invocation (Infinity when it does not say). */
  remainingMs: () => number;
};

export type { HttpDeps };

/** An operation returns the response body (sent as 200 JSON) or a ready-made result. */
export type Operation<R extends RouteId, D = HttpDeps> = (
  deps: D,
  input: OperationInput<R>,
) => Promise<unknown>;
export type Operations<G extends RouteGroup, D = HttpDeps> = {
  [R in RouteId as (typeof routes)[R]['group'] extends G ? R : never]: Operation<R, D>;
};

/** Marks a value that already is an HTTP result (e.g. a 304). */
export const asResult = (result: Result) => ({ [RESULT]: result });
const RESULT = Symbol('http-result');

/** `sessionRejected`: the caller sent a visitor token that is forged, foreign or expired. */
function checkAccess(route: RouteDef, principal: Principal, sessionRejected: boolean) {
  if (route.access === 'public') return;
  if (principal.kind === 'anonymous')
    throw new DomainError('unauthenticated', sessionRejected ? 'sessionInvalid' : 'sessionMissing');
  if ((route.access === 'user' || route.access === 'admin') && principal.kind !== 'user') {
    throw new DomainError('unauthenticated', 'sessionMissing');
  }
  if (route.access === 'admin' && !(principal.kind === 'user' && principal.isAdmin)) {
    throw new DomainError('forbidden', 'adminOnly');
  }
}

/**
 * A deleted account's ID and access tokens still verify until they expire (an hour): its writes
 * are refused at once by one consistent GetItem of a marker, only on writes by signed-in users
 * (reads change nothing, and a visitor has no account). Deleting the account again stays open, so
 * a deletion that failed half-way can be retried.
 */
async function refuseDeletedAccountWrites(deps: HttpDeps, route: RouteDef, principal: Principal) {
  if (principal.kind !== 'user' || route.method === 'GET' || route === routes.deleteAccount) return;
  if (await deps.deletedAccounts.isDeleted(principal.sub))
    throw new DomainError('unauthenticated', 'signInExpired');
}

function bodyText(event: APIGatewayProxyEventV2): string {
  return event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
}

/** JSON routes get the body parsed and validated; raw-body routes (a signed webhook) read `rawBody`. */
function parseBody(route: RouteDef, text: string): unknown {
  if (route.rawBody || !route.body) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text || 'null');
  } catch {
    throw new DomainError('invalid', 'invalidRequest');
  }
  const parsed = route.body.safeParse(raw);
  if (!parsed.success) {
    // A keepsake's blend is set with sliders: say which ranges it must keep.
    if (parsed.error.issues.some((issue) => issue.path[0] === 'blend'))
      throw new DomainError('invalid', 'blendOutOfRange', 'invalid_blend');
    throw new DomainError('invalid', 'invalidRequest');
  }
  return parsed.data;
}

/** In AWS the API's own address skips the WAF: only requests CloudFront forwarded carry its secret header. */
function cameThroughSite(expected: string | undefined, event: APIGatewayProxyEventV2): boolean {
  if (!expected) return true;
  const sent = Buffer.from(event.headers?.[ORIGIN_VERIFY_HEADER] ?? '');
  const wanted = Buffer.from(expected);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}

/**
 * The visitor session of the token in SESSION_HEADER, verified. A Lambda that serves no visitor
 * builds no session key (`deps.sessions` absent) and ignores the header.
 */
async function visitorSessionOf(
  deps: HttpDeps,
  event: APIGatewayProxyEventV2,
): Promise<{ sessionId?: string; rejected: boolean }> {
  const token = event.headers?.[SESSION_HEADER];
  if (!token || !deps.sessions) return { rejected: false };
  const claims = await deps.sessions.verify(token);
  return claims ? { sessionId: claims.sessionId, rejected: false } : { rejected: true };
}

/** `deps`: the group's own (each Lambda builds only what its routes touch), at least the router's. */
export function createHttpHandler<G extends RouteGroup, D extends HttpDeps>(
  group: G,
  operations: Operations<G, D>,
  deps: D,
) {
  const byKey = new Map<string, { route: RouteDef; operation: Operation<RouteId, D> }>();
  for (const [id, operation] of Object.entries(operations) as [RouteId, Operation<RouteId, D>][]) {
    const route: RouteDef = routes[id];
    if (route.group !== group) throw new Error(`Route ${id} does not belong to group ${group}`);
    byKey.set(routeKey(route), { route, operation });
  }

  const handle = async (event: APIGatewayProxyEventV2, context: Context | undefined): Promise<Result> => {
    if (!cameThroughSite(deps.originVerify, event)) return errorJson(403, 'direct_access', 'useTheSite');
    const entry = byKey.get(event.routeKey);
    if (!entry) return errorJson(404, 'not_found', 'invalidRequest');
    const params: Record<string, string> = {};
    // Every id in our paths is a UUID; anything else is a bad link, not a lookup.
    for (const [name, value] of Object.entries(event.pathParameters ?? {})) {
      if (isUuidParam(name) && !isUuid(value)) return errorJson(400, 'invalid_id', 'invalidLink');
      params[name] = isUuidParam(name) ? value!.toLowerCase() : value!;
    }
    const session = await visitorSessionOf(deps, event);
    const caller = { sessionId: session.sessionId, clientIp: clientIpOf(event, Boolean(deps.originVerify)) };
    let principal = resolvePrincipal(event, caller);
    // Routes without API Gateway's authorizer still recognise a signed-in parent.
    const authorization = event.headers?.authorization;
    if (principal.kind !== 'user' && authorization) {
      const verified = await deps.tokens.verify(authorization);
      if (!verified) throw new DomainError('unauthenticated', 'signInExpired');
      principal = resolvePrincipal(event, caller, verified.claims);
    }
    checkAccess(entry.route, principal, session.rejected);
    await refuseDeletedAccountWrites(deps, entry.route, principal);
    const rawBody = bodyText(event);
    const body = parseBody(entry.route, rawBody);
    const output = await entry.operation(deps, {
      principal,
      params,
      body: body as never,
      rawBody,
      event,
      remainingMs: () => context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY,
    });
    if (output && typeof output === 'object' && RESULT in output) return output[RESULT] as Result;
    return json(200, output);
  };

  return async (event: APIGatewayProxyEventV2, context: Context | undefined): Promise<Result> => {
    try {
      // The request id travels with the work this request queues (functions/core/correlation.ts).
      return await withCorrelationId(event.requestContext?.requestId ?? crypto.randomUUID(), () =>
        beforeDeadline(context, () => handle(event, context)),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) {
        deps.logger.error('unhandled error', { error: String(error), stack: (error as Error)?.stack });
      }
      return errorResponse(error);
    }
  };
}
