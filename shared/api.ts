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
import { adminSessionSchema, goLiveConfigSchema, grantAdminResponseSchema } from './schemas/admin';
import {
  ageTestViewSchema,
  aiProvidersSchema,
  aiRunViewSchema,
  createAiRunRequestSchema,
  startAgeTestRequestSchema,
  startDemoAgeTestRequestSchema,
} from './schemas/admin-ai';
import {
  createPackRequestSchema,
  packListSchema,
  packResponseSchema,
  updatePackStatusRequestSchema,
} from './schemas/admin-packs';
import {
  importTemplatesRequestSchema,
  importTemplatesResponseSchema,
  updateTemplateRequestSchema,
} from './schemas/admin-templates';
import {
  compositionViewSchema,
  createComposerHdRequestSchema,
  createCompositionRequestSchema,
  cutoutViewSchema,
  draftListSchema,
  draftViewSchema,
  renameDraftRequestSchema,
  saveDraftRequestSchema,
  templateListSchema,
  templateViewSchema,
} from './schemas/moments';
import {
  confirmCheckoutRequestSchema,
  confirmCheckoutResponseSchema,
  createCheckoutRequestSchema,
  createCheckoutResponseSchema,
  creditsViewSchema,
  hdDownloadRequestSchema,
  hdDownloadResponseSchema,
  hdPreviewsResponseSchema,
  webhookResponseSchema,
} from './schemas/payments';
import { startSessionRequestSchema, visitorSessionSchema } from './schemas/session';
import {
  createUploadRequestSchema,
  createUploadResponseSchema,
  okResponseSchema,
  saveEmailRequestSchema,
  uploadViewSchema,
} from './schemas/uploads';

/**
 * Who may call a route:
 * - public: anyone (e.g. a results link shared on social media);
 * - caller: an identified caller, a visitor session (a server-signed token) or a signed-in user;
 * - owner: a caller who owns the resource named in the path (checked by the use case);
 * - user: a signed-in user (JWT authorizer in AWS);
 * - admin: a member of the Cognito group `admins`.
 */
export type Access = 'public' | 'caller' | 'owner' | 'user' | 'admin';

/** Lambda that serves the route: one per route group. */
export type RouteGroup = 'uploads' | 'account' | 'payments' | 'webhooks' | 'system' | 'moments' | 'admin';

/** HTTP statuses of the error body `{ error: { code, message } }` (functions/handlers/http/responses.ts). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

export type RouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** API Gateway style path with {param} placeholders. */
  path: `/api/${string}`;
  access: Access;
  group: RouteGroup;
  body?: z.ZodType;
  /**
   * The handler reads the raw body itself (a signed webhook): no JSON parsing or schema. The
   * signature header carries the sender's signature over exactly those bytes.
   */
  rawBody?: { signatureHeader: string };
  response: z.ZodType;
  /**
   * Error statuses the use case may answer, beyond those the router derives from the route itself
   * (400 for a bad body or id, 401 without credentials, 403 for a non-owner or non-admin). For the
   * OpenAPI document (shared/openapi.ts); the route-by-role test checks every status it sees is listed.
   */
  errors?: readonly ErrorStatus[];
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
  /** This API described as OpenAPI 3.1 (shared/openapi.ts), for client generators and API docs. */
  getOpenApi: {
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    group: 'system',
    response: z.looseObject({
      openapi: z.string(),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()),
    }),
  },
  createUpload: {
    method: 'POST',
    path: '/api/uploads',
    access: 'caller',
    group: 'uploads',
    body: createUploadRequestSchema,
    response: createUploadResponseSchema,
    errors: [413, 429],
  },
  completeUpload: {
    method: 'POST',
    path: '/api/uploads/{uploadId}/complete',
    access: 'owner',
    group: 'uploads',
    response: uploadViewSchema,
    errors: [400, 404, 409, 413, 503],
  },
  /** A visitor's session token: a new one, the one held renewed, or a browser-made id adopted once. */
  startSession: {
    method: 'POST',
    path: '/api/session',
    access: 'public',
    group: 'uploads',
    body: startSessionRequestSchema,
    response: visitorSessionSchema,
    errors: [429],
  },
  getUpload: {
    method: 'GET',
    path: '/api/uploads/{uploadId}',
    access: 'public',
    group: 'uploads',
    response: uploadViewSchema,
    errors: [404],
  },
  saveUploadEmail: {
    method: 'PUT',
    path: '/api/uploads/{uploadId}/email',
    access: 'owner',
    group: 'uploads',
    body: saveEmailRequestSchema,
    response: okResponseSchema,
    errors: [404],
  },
  /** "Try again" on a failed card: the owner puts that age's render back on the queue (once per click). */
  retryRender: {
    method: 'POST',
    path: '/api/uploads/{uploadId}/renders/{age}/retry',
    access: 'owner',
    group: 'uploads',
    response: uploadViewSchema,
    errors: [404, 409],
  },
  deleteUpload: {
    method: 'DELETE',
    path: '/api/uploads/{uploadId}',
    access: 'owner',
    group: 'uploads',
    response: okResponseSchema,
    errors: [404, 503],
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
    errors: [503],
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
    errors: [403, 404],
  },
  /** The owner's unlocked ages without the watermark, preview-sized, for the growth clip. */
  getHdPreviews: {
    method: 'GET',
    path: '/api/uploads/{uploadId}/hd-previews',
    access: 'user',
    group: 'uploads',
    response: hdPreviewsResponseSchema,
    errors: [403, 404],
  },
  createCheckout: {
    method: 'POST',
    path: '/api/checkout',
    access: 'user',
    group: 'payments',
    body: createCheckoutRequestSchema,
    response: createCheckoutResponseSchema,
    errors: [403, 404, 409, 503],
  },
  confirmCheckout: {
    method: 'POST',
    path: '/api/checkout/confirm',
    access: 'user',
    group: 'payments',
    body: confirmCheckoutRequestSchema,
    response: confirmCheckoutResponseSchema,
    errors: [404, 503],
  },
  cancelSubscription: {
    method: 'POST',
    path: '/api/me/subscription/cancel',
    access: 'user',
    group: 'payments',
    response: okResponseSchema,
    errors: [409, 503],
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    access: 'public',
    group: 'webhooks',
    rawBody: { signatureHeader: 'stripe-signature' },
    response: webhookResponseSchema,
    errors: [400, 503],
  },
  /** The hosted AI provider's completion webhook (Replicate's signed `webhook-*` headers). */
  aiWebhook: {
    method: 'POST',
    path: '/api/ai/webhook',
    access: 'public',
    group: 'webhooks',
    rawBody: { signatureHeader: 'webhook-signature' },
    response: webhookResponseSchema,
    errors: [400, 404],
  },
  // Moments (docs/product.md#moments-editor; docs/architecture.md#keepsakes).
  listTemplates: {
    method: 'GET',
    path: '/api/templates',
    access: 'public',
    group: 'moments',
    response: templateListSchema,
  },
  /** The composer gallery: approved templates, display order ascending then newest first. */
  listComposerTemplates: {
    method: 'GET',
    path: '/api/composer/templates',
    access: 'public',
    group: 'moments',
    response: templateListSchema,
  },
  getTemplate: {
    method: 'GET',
    path: '/api/templates/{templateId}',
    access: 'public',
    group: 'moments',
    response: templateViewSchema,
    errors: [404],
  },
  /** Removes the background of an upload's photo (again only when asked); the cut-out stays private. */
  createCutout: {
    method: 'POST',
    path: '/api/uploads/{uploadId}/cutout',
    access: 'owner',
    group: 'moments',
    response: cutoutViewSchema,
    errors: [404, 409, 422, 429, 503],
  },
  /** A free keepsake: 800×800, watermarked. */
  createComposition: {
    method: 'POST',
    path: '/api/compositions',
    access: 'caller',
    group: 'moments',
    body: createCompositionRequestSchema,
    response: compositionViewSchema,
    errors: [404, 409, 429, 503],
  },
  /** An HD keepsake: 2000×2000 from the clean template, CREDIT_PRICES.hd_keepsake (free with a live plan). */
  createHdComposition: {
    method: 'POST',
    path: '/api/compositions/hd',
    access: 'user',
    group: 'moments',
    body: createCompositionRequestSchema,
    response: compositionViewSchema,
    errors: [402, 404, 409, 503],
  },
  /** The composer's HD export: the template's native size from the clean template, CREDIT_PRICES.hd_export (free with a live plan). */
  createComposerHdComposition: {
    method: 'POST',
    path: '/api/composer/compositions/hd',
    access: 'user',
    group: 'moments',
    body: createComposerHdRequestSchema,
    response: compositionViewSchema,
    errors: [402, 404, 409, 503],
  },
  listDrafts: {
    method: 'GET',
    path: '/api/drafts',
    access: 'user',
    group: 'moments',
    response: draftListSchema,
  },
  createDraft: {
    method: 'POST',
    path: '/api/drafts',
    access: 'user',
    group: 'moments',
    body: saveDraftRequestSchema,
    response: draftViewSchema,
    errors: [404],
  },
  getDraft: {
    method: 'GET',
    path: '/api/drafts/{draftId}',
    access: 'user',
    group: 'moments',
    response: draftViewSchema,
    errors: [404],
  },
  saveDraft: {
    method: 'PUT',
    path: '/api/drafts/{draftId}',
    access: 'user',
    group: 'moments',
    body: saveDraftRequestSchema,
    response: draftViewSchema,
    errors: [404],
  },
  renameDraft: {
    method: 'PATCH',
    path: '/api/drafts/{draftId}',
    access: 'user',
    group: 'moments',
    body: renameDraftRequestSchema,
    response: draftViewSchema,
    errors: [404],
  },
  duplicateDraft: {
    method: 'POST',
    path: '/api/drafts/{draftId}/duplicate',
    access: 'user',
    group: 'moments',
    response: draftViewSchema,
    errors: [404],
  },
  deleteDraft: {
    method: 'DELETE',
    path: '/api/drafts/{draftId}',
    access: 'user',
    group: 'moments',
    response: okResponseSchema,
    errors: [404],
  },
  // Operator pages (docs/product.md#admin-pages; docs/architecture.md#decisions,
  // docs/architecture.md#keepsakes).
  /** The admin guard's check: answers only for a member of the `admins` group. */
  getAdminSession: {
    method: 'GET',
    path: '/api/admin/session',
    access: 'admin',
    group: 'admin',
    response: adminSessionSchema,
  },
  /** First-time setup: the caller becomes the first admin, only while the `admins` group is empty. */
  grantFirstAdmin: {
    method: 'POST',
    path: '/api/admin/grant',
    access: 'user',
    group: 'admin',
    response: grantAdminResponseSchema,
    errors: [403, 409, 503],
  },
  /** The go-live checklist's badges, from the deployment's real configuration. */
  getGoLiveConfig: {
    method: 'GET',
    path: '/api/admin/config',
    access: 'admin',
    group: 'admin',
    response: goLiveConfigSchema,
  },
  // Pack manager (docs/product.md#pack-manager; docs/architecture.md#keepsakes).
  /** Packs, newest first, with their template counts and any generation in progress. */
  listPacks: {
    method: 'GET',
    path: '/api/admin/packs',
    access: 'admin',
    group: 'admin',
    response: packListSchema,
  },
  /** A new pack (draft); name and category are required. */
  createPack: {
    method: 'POST',
    path: '/api/admin/packs',
    access: 'admin',
    group: 'admin',
    body: createPackRequestSchema,
    response: packResponseSchema,
  },
  /** Publish (draft → active) or Unpublish (active → draft). */
  updatePackStatus: {
    method: 'PUT',
    path: '/api/admin/packs/{packId}/status',
    access: 'admin',
    group: 'admin',
    body: updatePackStatusRequestSchema,
    response: packResponseSchema,
    errors: [404],
  },
  /** Queues a generation run and answers at once; a run already in progress is not doubled (409). */
  generatePack: {
    method: 'POST',
    path: '/api/admin/packs/{packId}/generate',
    access: 'admin',
    group: 'admin',
    response: packResponseSchema,
    errors: [404, 409],
  },
  /** The safe-area editor's picker: every template, any status, newest first. */
  listAdminTemplates: {
    method: 'GET',
    path: '/api/admin/templates',
    access: 'admin',
    group: 'admin',
    response: templateListSchema,
  },
  /** Saves the editor's fields; saving approves the template (listed in the composer gallery). */
  updateTemplate: {
    method: 'PUT',
    path: '/api/admin/templates/{templateId}',
    access: 'admin',
    group: 'admin',
    body: updateTemplateRequestSchema,
    response: templateViewSchema,
    errors: [404],
  },
  /** The seeder: a JSON array of template import items; all of them or none (errors by index and field). */
  importTemplates: {
    method: 'POST',
    path: '/api/admin/templates/import',
    access: 'admin',
    group: 'admin',
    body: importTemplatesRequestSchema,
    response: importTemplatesResponseSchema,
    errors: [422, 503],
  },
  // AI test pages (docs/product.md#ai-test-pages).
  /** Which provider and model answer each image capability, and what is missing where none can. */
  getAiProviders: {
    method: 'GET',
    path: '/api/admin/ai/providers',
    access: 'admin',
    group: 'admin',
    response: aiProvidersSchema,
  },
  /** Queues one age of the operator's own upload through the real render pipeline. */
  startAgeTest: {
    method: 'POST',
    path: '/api/admin/ai/age-tests',
    access: 'admin',
    group: 'admin',
    body: startAgeTestRequestSchema,
    response: ageTestViewSchema,
    errors: [404, 409],
  },
  /**
   * The same on the deployment's demo image (AGE_TEST_DEMO_IMAGE): the server reads it, stores it as
   * the operator's upload and queues the age; 409 when none is set, 422 when it cannot be used.
   */
  startDemoAgeTest: {
    method: 'POST',
    path: '/api/admin/ai/age-tests/demo',
    access: 'admin',
    group: 'admin',
    body: startDemoAgeTestRequestSchema,
    response: ageTestViewSchema,
    errors: [409, 422],
  },
  /** A test photo's jobs (`testId` is its upload id): status, result, prediction, the guard's numbers, cost. */
  getAgeTest: {
    method: 'GET',
    path: '/api/admin/ai/age-tests/{testId}',
    access: 'admin',
    group: 'admin',
    response: ageTestViewSchema,
    errors: [404, 409],
  },
  /** Queues a scene prompt or a face swap for the render worker; answers at once with the run. */
  createAiRun: {
    method: 'POST',
    path: '/api/admin/ai/runs',
    access: 'admin',
    group: 'admin',
    body: createAiRunRequestSchema,
    response: aiRunViewSchema,
    errors: [404, 409],
  },
  getAiRun: {
    method: 'GET',
    path: '/api/admin/ai/runs/{runId}',
    access: 'admin',
    group: 'admin',
    response: aiRunViewSchema,
    errors: [404],
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

/** Header that carries the visitor's session token (POST /api/session issues it). */
export const SESSION_HEADER = 'x-session-token';

/** Every path parameter named …Id is a UUID: the router refuses anything else (400), the API document says so. */
export const isUuidParam = (name: string): boolean => name.endsWith('Id');

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
