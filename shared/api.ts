/**
 * The route table: the one list of HTTP routes. It drives the CDK routes and their authorizers,
 * the local gateway, the typed browser client and the route-by-role tests.
 */
import { z } from 'zod';
import {
  clientConfigSchema,
  meSchema,
  migrateRequestSchema,
  migrateResponseSchema,
  myUploadsSchema,
} from './schemas/account';
import {
  confirmCheckoutRequestSchema,
  confirmCheckoutResponseSchema,
  createCheckoutRequestSchema,
  createCheckoutResponseSchema,
  creditsViewSchema,
  hdDownloadRequestSchema,
  hdDownloadResponseSchema,
  webhookResponseSchema,
} from './schemas/payments';
import {
  completeUploadResponseSchema,
  createUploadRequestSchema,
  createUploadResponseSchema,
  okResponseSchema,
  saveEmailRequestSchema,
  uploadViewSchema,
} from './schemas/uploads';

/**
 * Who may call a route:
 * - public: anyone (e.g. a results link shared on social media);
 * - caller: an identified caller, a visitor session (X-Session-Id) or a signed-in user;
 * - owner: a caller who owns the resource named in the path (checked by the use case);
 * - user: a signed-in user (JWT authorizer in AWS);
 * - admin: a member of the Cognito group `admins`.
 */
export type Access = 'public' | 'caller' | 'owner' | 'user' | 'admin';

/** Lambda that serves the route: one per route group. */
export type RouteGroup = 'uploads' | 'account' | 'payments' | 'webhooks' | 'system';

export type RouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** API Gateway style path with {param} placeholders. */
  path: `/api/${string}`;
  access: Access;
  group: RouteGroup;
  body?: z.ZodType;
  /** The handler reads the raw body itself (a signed webhook): no JSON parsing or schema. */
  rawBody?: true;
  response: z.ZodType;
};

export const routes = {
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    group: 'system',
    response: z.object({ ok: z.literal(true), engine: z.string() }),
  },
  getClientConfig: {
    method: 'GET',
    path: '/api/config',
    access: 'public',
    group: 'system',
    response: clientConfigSchema,
  },
  createUpload: {
    method: 'POST',
    path: '/api/uploads',
    access: 'caller',
    group: 'uploads',
    body: createUploadRequestSchema,
    response: createUploadResponseSchema,
  },
  completeUpload: {
    method: 'POST',
    path: '/api/uploads/{uploadId}/complete',
    access: 'owner',
    group: 'uploads',
    response: completeUploadResponseSchema,
  },
  getUpload: {
    method: 'GET',
    path: '/api/uploads/{uploadId}',
    access: 'public',
    group: 'uploads',
    response: uploadViewSchema,
  },
  saveUploadEmail: {
    method: 'PUT',
    path: '/api/uploads/{uploadId}/email',
    access: 'owner',
    group: 'uploads',
    body: saveEmailRequestSchema,
    response: okResponseSchema,
  },
  deleteUpload: {
    method: 'DELETE',
    path: '/api/uploads/{uploadId}',
    access: 'owner',
    group: 'uploads',
    response: okResponseSchema,
  },
  getMe: {
    method: 'GET',
    path: '/api/me',
    access: 'user',
    group: 'account',
    response: meSchema,
  },
  migrateUploads: {
    method: 'POST',
    path: '/api/me/migrate',
    access: 'user',
    group: 'account',
    body: migrateRequestSchema,
    response: migrateResponseSchema,
  },
  listMyUploads: {
    method: 'GET',
    path: '/api/me/uploads',
    access: 'user',
    group: 'account',
    response: myUploadsSchema,
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/me',
    access: 'user',
    group: 'account',
    response: okResponseSchema,
  },
  getCredits: {
    method: 'GET',
    path: '/api/me/credits',
    access: 'user',
    group: 'account',
    response: creditsViewSchema,
  },
  downloadHd: {
    method: 'POST',
    path: '/api/uploads/{uploadId}/hd',
    access: 'user',
    group: 'uploads',
    body: hdDownloadRequestSchema,
    response: hdDownloadResponseSchema,
  },
  createCheckout: {
    method: 'POST',
    path: '/api/checkout',
    access: 'user',
    group: 'payments',
    body: createCheckoutRequestSchema,
    response: createCheckoutResponseSchema,
  },
  confirmCheckout: {
    method: 'POST',
    path: '/api/checkout/confirm',
    access: 'user',
    group: 'payments',
    body: confirmCheckoutRequestSchema,
    response: confirmCheckoutResponseSchema,
  },
  cancelSubscription: {
    method: 'POST',
    path: '/api/me/subscription/cancel',
    access: 'user',
    group: 'payments',
    response: okResponseSchema,
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    access: 'public',
    group: 'webhooks',
    rawBody: true,
    response: webhookResponseSchema,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;
export type RouteBody<R extends RouteId> = (typeof routes)[R] extends { body: z.ZodType }
  ? z.input<(typeof routes)[R]['body']>
  : undefined;
export type RouteResponse<R extends RouteId> = z.output<(typeof routes)[R]['response']>;

/** Names of the {params} in a path: '/api/uploads/{uploadId}' -> 'uploadId'. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
export type RouteParams<R extends RouteId> = Record<ParamNames<(typeof routes)[R]['path']>, string>;

/** API Gateway route key, e.g. "POST /api/uploads/{uploadId}/complete". */
export function routeKey(route: RouteDef): string {
  return `${route.method} ${route.path}`;
}

/** Header that carries the anonymous visitor's session id. */
export const SESSION_HEADER = 'x-session-id';

/** Routes that API Gateway must guard with the Cognito JWT authorizer. */
export function needsJwtAuthorizer(route: RouteDef): boolean {
  return route.access === 'user' || route.access === 'admin';
}

/** Fill a path template: fillPath('/api/uploads/{uploadId}', { uploadId: 'x' }). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Match a concrete path against a template; returns the params or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n) => {
    names.push(n);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
  } catch {
    return null; // a malformed %-escape is no match, not a crash
  }
}
