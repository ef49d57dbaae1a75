/**
 * Typed client over the route table (shared/api.ts): fills the path, sends JSON, the visitor's
 * session token and, when signed in, the ID token; parses the reply with the route's schema and
 * turns error bodies into ApiError.
 */
import {
  fillPath,
  type RouteBody,
  type RouteId,
  type RouteParams,
  type RouteResponse,
  routes,
  SESSION_HEADER,
} from '@shared/api';
import { idToken } from './auth/id-token';
import { forgetSessionToken, SessionStartError, sessionToken } from './session';

export type ErrorIssue = { index: number; field: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `error.message`, meant for the user; absent when the server sent none. */
    readonly serverMessage?: string,
    readonly code?: string,
    /** A list refused as a whole: every problem, by item index and field. */
    readonly issues?: readonly ErrorIssue[],
  ) {
    super(serverMessage ?? `Request failed (${status || 'network'})`);
    this.name = 'ApiError';
  }
}

/** The user-facing text of a failure: the server's message when it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * The server's own reason for a failure, when it gave one: the description under a toast whose
 * title is the product's fixed wording (docs/product.md), which the server's text never replaces.
 */
export function serverReason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

type Route<R extends RouteId> = (typeof routes)[R];
type HasParams<R extends RouteId> = Route<R>['path'] extends `${string}{${string}}${string}` ? true : false;
type HasBody<R extends RouteId> = Route<R> extends { body: unknown } ? true : false;

export type CallOptions<R extends RouteId> = { signal?: AbortSignal } & (HasParams<R> extends true
  ? { params: RouteParams<R> }
  : { params?: undefined }) &
  (HasBody<R> extends true ? { body: RouteBody<R> } : { body?: undefined });

type CallArgs<R extends RouteId> =
  HasParams<R> extends true
    ? [options: CallOptions<R>]
    : HasBody<R> extends true
      ? [options: CallOptions<R>]
      : [options?: CallOptions<R>];

/** Reads `{ error: { code, message, issues? } }` without pulling a schema library into the check. */
function readErrorBody(body: unknown): { code?: string; message?: string; issues?: ErrorIssue[] } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message, issues } = error as { code?: unknown; message?: unknown; issues?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' && message ? message : undefined,
    issues: Array.isArray(issues) ? (issues as ErrorIssue[]) : undefined,
  };
}

/** The code of the server's answer to a visitor token it no longer accepts (shared/messages.ts). */
const SESSION_INVALID = 'sessionInvalid';

export async function callApi<R extends RouteId>(
  routeId: R,
  ...[options]: CallArgs<R>
): Promise<RouteResponse<R>> {
  try {
    return await send(routeId, options);
  } catch (error) {
    // An expired or replaced session key: the browser starts a new visit and tries once more.
    if (!(error instanceof ApiError && error.code === SESSION_INVALID)) throw error;
    forgetSessionToken();
    return send(routeId, options);
  }
}

/** System routes (health, the client config that sign-in itself needs) never carry identity. */
async function identityHeaders(route: (typeof routes)[RouteId]): Promise<Record<string, string>> {
  if (route.group === 'system' || route === routes.startSession) return {};
  const [session, token] = await Promise.all([
    sessionToken().catch((error: unknown) => {
      if (error instanceof SessionStartError) throw new ApiError(error.status, error.serverMessage);
      throw error;
    }),
    idToken(),
  ]);
  return { [SESSION_HEADER]: session, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

async function send<R extends RouteId>(routeId: R, options: CallArgs<R>[0]): Promise<RouteResponse<R>> {
  const route: (typeof routes)[RouteId] = routes[routeId];
  const opts = (options ?? {}) as { params?: Record<string, string>; body?: unknown; signal?: AbortSignal };
  const headers: Record<string, string> = { accept: 'application/json', ...(await identityHeaders(route)) };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(fillPath(route.path, opts.params ?? {}), {
      method: route.method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // Cancellation is not a failure the user should hear about; pass it through untouched.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { code, message, issues } = readErrorBody(payload);
    throw new ApiError(response.status, message, code, issues);
  }
  const parsed = route.response.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, undefined, 'invalid_response');
  return parsed.data as RouteResponse<R>;
}
