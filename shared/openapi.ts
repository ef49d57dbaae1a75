/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the route table (shared/api.ts): one
 * operation per route, security from its access level, error responses from what the router and
 * the use case answer, and the zod schemas as JSON Schema components. Pure, so the system Lambda
 * serves it (GET /api/openapi.json) and unit tests validate it.
 */
import type { z } from 'zod';
import {
  type Access,
  type ErrorStatus,
  isUuidParam,
  type RouteDef,
  type RouteGroup,
  routes,
  SESSION_HEADER,
} from './api';
import { componentSchemas } from './openapi-schemas';
import { errorBodySchema } from './schemas/uploads';

export const API_TITLE = 'Little Futures API';
/** The version of package.json (shared/ reads no files; a unit test keeps the two equal). */
export const API_VERSION = '0.1.0';

type JsonObject = Record<string, unknown>;
export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  description: string;
  'x-access': Access;
  security: Record<string, string[]>[];
  parameters?: JsonObject[];
  requestBody?: JsonObject;
  responses: Record<string, JsonObject>;
};
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
    securitySchemes: Record<string, JsonObject>;
  };
};

const GROUP_DESCRIPTIONS: Record<RouteGroup, string> = {
  uploads: 'A photo and its age previews: upload, status, notify email, HD downloads, delete.',
  account: "The signed-in parent's account: who am I, moving visitor photos in, my photos, credits.",
  payments: 'Checkout and the monthly plan.',
  webhooks: 'Calls from the payment provider, signed over the raw body.',
  system: 'Health, the browser sign-in configuration and this document.',
  moments: 'Keepsakes: the template library, cut-outs of a photo, compositions (free and HD) and drafts.',
  admin: 'Operator pages: the admin check, first-admin setup, templates, packs and the go-live checklist.',
};

const SECURITY_SCHEMES = {
  visitorSession: {
    type: 'apiKey',
    in: 'header',
    name: SESSION_HEADER,
    description:
      "An anonymous visitor's session: a token POST /api/session issues (signed by the server, valid " +
      'for 31 days, renewed by the same route). It owns the uploads made without an account; a forged, ' +
      "foreign-keyed or expired token gets 401 on a visitor's route.",
  },
  cognitoJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A Cognito ID token of the site's user pool. Signed-in routes are checked by API Gateway's JWT " +
      'authorizer; the others verify a token they are given themselves, so an invalid or expired token ' +
      'gets 401 on every route, public ones included.',
  },
};

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  caller: [{ visitorSession: [] }, { cognitoJwt: [] }],
  owner: [{ visitorSession: [] }, { cognitoJwt: [] }],
  user: [{ cognitoJwt: [] }],
  admin: [{ cognitoJwt: [] }],
};

const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: 'Public: anyone may call it. A visitor session or token, when sent, is still recognised.',
  caller: `Any identified caller: a visitor session (${SESSION_HEADER}) or a signed-in user.`,
  owner:
    'The owner of the upload in the path: the visitor session that made it, or the signed-in user it ' +
    'belongs to (or who still holds that session). Anyone else gets 403.',
  user: 'A signed-in user (Cognito JWT).',
  admin: 'A signed-in user whose token carries the Cognito group "admins" (cognito:groups); others get 403.',
};

/** Error responses, shared by the operations: each one the `{ error: { code, message } }` body. */
const ERROR_RESPONSES: Record<ErrorStatus | 500, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid: a body that fails its schema, an id that is not a UUID, or a rule of the use case.',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No visitor session or sign-in where one is needed, or a token that fails verification. On ' +
      'signed-in routes API Gateway\'s authorizer may answer first, with {"message":"Unauthorized"}.',
  },
  403: { name: 'Forbidden', description: 'Identified, but not allowed: not the owner, or not an admin.' },
  404: { name: 'NotFound', description: "The resource does not exist (or is not the caller's to know of)." },
  402: { name: 'PaymentRequired', description: 'Not enough credits for an HD keepsake: buy a pack first.' },
  422: {
    name: 'UnprocessableContent',
    description: 'The photo is readable but cannot be used for this (e.g. no person found in it).',
  },
  409: { name: 'Conflict', description: 'The resource is not in a state that allows this.' },
  413: { name: 'PayloadTooLarge', description: 'The file is larger than allowed.' },
  429: {
    name: 'TooManyRequests',
    description:
      'The hourly quota of this action is used up (shared/rules/quotas.ts); Retry-After says in how many seconds it renews.',
  },
  500: { name: 'InternalError', description: 'An unexpected error; the body tells no details.' },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A service it needs is unavailable or not configured, or is busy (throttled): then a Retry-After ' +
      'header says when to send the same request again.',
  },
};

export function buildOpenApiDocument(table: Record<string, RouteDef> = routes): OpenApiDocument {
  const components = componentSchemas(table, errorBodySchema);
  const paths: OpenApiDocument['paths'] = {};
  for (const [id, route] of Object.entries(table)) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(id, route, components.refOf);
  }
  const groups = [...new Set(Object.values(table).map((route) => route.group))];
  return {
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description:
        "Age previews and keepsake images of a child's photo. Generated from the route table " +
        '(shared/api.ts). Errors answer `{ "error": { "code", "message" } }`, the message meant for the user.',
    },
    servers: [{ url: '/' }],
    tags: groups.map((name) => ({ name, description: GROUP_DESCRIPTIONS[name] })),
    paths,
    components: {
      schemas: components.schemas,
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description }) => [
          name,
          { description, content: { 'application/json': { schema: components.refOf(errorBodySchema) } } },
        ]),
      ),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

let cached: OpenApiDocument | undefined;
/** The document of shared/api.ts, built once per process. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}

/** The error statuses a route may answer (besides 500): derived from the route, plus its `errors`. */
export function errorStatuses(route: RouteDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.errors ?? []);
  if (route.body || pathParams(route.path).some(isUuidParam)) statuses.add(400);
  if (route.access !== 'public') statuses.add(401);
  if (route.access === 'owner' || route.access === 'admin') statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

function operation(id: string, route: RouteDef, refOf: (schema: z.ZodType) => JsonObject): OpenApiOperation {
  const parameters: JsonObject[] = pathParams(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: isUuidParam(name) ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  if (route.rawBody) {
    parameters.push({
      name: route.rawBody.signatureHeader,
      in: 'header',
      required: true,
      description: "The sender's signature over the raw request body.",
      schema: { type: 'string' },
    });
  }
  const responses: Record<string, JsonObject> = {
    200: { description: 'OK', content: { 'application/json': { schema: refOf(route.response) } } },
  };
  // Any operation may also fail unexpectedly (500) or meet a throttled or briefly failing AWS service (503).
  for (const status of new Set([...errorStatuses(route), 500 as const, 503 as const])) {
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  return {
    operationId: id,
    tags: [route.group],
    description: ACCESS_DESCRIPTIONS[route.access],
    'x-access': route.access,
    security: SECURITY[route.access],
    ...(parameters.length ? { parameters } : {}),
    ...requestBody(route, refOf),
    responses,
  };
}

function requestBody(route: RouteDef, refOf: (schema: z.ZodType) => JsonObject) {
  if (route.rawBody) {
    const description =
      'The event exactly as its sender signed it: read as raw bytes (the signature covers them), not ' +
      'validated against a schema.';
    return {
      requestBody: { required: true, description, content: { 'application/json': { schema: {} } } },
    };
  }
  if (!route.body) return {};
  // The router parses the body as JSON and validates it; a missing body fails like an invalid one.
  return {
    requestBody: { required: true, content: { 'application/json': { schema: refOf(route.body) } } },
  };
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}
