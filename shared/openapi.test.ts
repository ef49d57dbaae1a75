import { readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RouteDef, routes, SESSION_HEADER } from './api';
import {
  API_VERSION,
  buildOpenApiDocument,
  errorStatuses,
  type OpenApiDocument,
  openApiDocument,
} from './openapi';

const doc = openApiDocument();
const table: Record<string, RouteDef> = routes;
type WithContent = { required?: boolean; content: Record<string, { schema: unknown }> };
const operationOf = (document: OpenApiDocument, route: RouteDef) =>
  document.paths[route.path]?.[route.method.toLowerCase()];

/** The component a `{ $ref }` names. */
function component(document: OpenApiDocument, ref: unknown): Record<string, unknown> {
  const name = (ref as { $ref: string }).$ref.replace('#/components/schemas/', '');
  const schema = document.components.schemas[name];
  expect(schema, `component ${name}`).toBeDefined();
  return schema;
}

async function validationErrors(document: OpenApiDocument): Promise<string | null> {
  const result = await validate(structuredClone(document) as never);
  if (!result.valid) return compileErrors(result);
  return result.warnings.length ? JSON.stringify(result.warnings) : null;
}

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1, by @readme/openapi-parser', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await validationErrors(doc)).toBeNull();
  });

  it('would be refused by the validator with an undeclared path parameter', async () => {
    const broken = structuredClone(doc);
    delete operationOf(broken, routes.getUpload)!.parameters;
    expect(await validationErrors(broken)).toMatch(/uploadId/);
  });

  it('has every route with its method, operationId, tag and path parameters', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(Object.keys(routes).length);
    for (const [id, route] of Object.entries(table)) {
      const operation = operationOf(doc, route);
      expect(operation, `${route.method} ${route.path}`).toMatchObject({
        operationId: id,
        tags: [route.group],
        'x-access': route.access,
      });
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(operation!.parameters?.filter((p) => p.in === 'path') ?? []).toEqual(
        params.map((name) => ({
          name,
          in: 'path',
          required: true,
          // Ids are UUIDs; the other parameters (a render's age) are checked by their use case.
          schema: name.endsWith('Id') ? { type: 'string', format: 'uuid' } : { type: 'string' },
        })),
      );
    }
    expect(operationOf(doc, routes.getUpload)!.parameters).toHaveLength(1);
  });

  it('has every body and response schema as a component with the same fields', () => {
    const fieldsOf = (schema: z.ZodType) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
    for (const [id, route] of Object.entries(table)) {
      const operation = operationOf(doc, route)!;
      const response = component(
        doc,
        (operation.responses[200] as WithContent).content['application/json'].schema,
      );
      expect(Object.keys(response.properties as object), id).toEqual(fieldsOf(route.response));
      if (!route.body) continue;
      const body = operation.requestBody as WithContent;
      expect(body.required).toBe(true);
      const request = component(doc, body.content['application/json'].schema);
      expect(Object.keys(request.properties as object), id).toEqual(fieldsOf(route.body));
    }
    // Nested named schemas are components too, referenced rather than repeated.
    expect(doc.components.schemas.UploadView.properties).toMatchObject({
      jobs: { type: 'array', items: { $ref: '#/components/schemas/RenderJobView' } },
    });
  });

  it('describes request bodies as sent (defaults optional) and responses as answered', () => {
    expect(doc.components.schemas.HdDownloadRequest.required).toBeUndefined();
    expect(doc.components.schemas.HdDownloadRequest).not.toHaveProperty('additionalProperties');
    expect(doc.components.schemas.UploadView.additionalProperties).toBe(false);
  });

  it('lists the error responses the router and the use case answer, with the error body', () => {
    for (const route of Object.values(table)) {
      const statuses = Object.keys(operationOf(doc, route)!.responses).map(Number);
      expect(statuses.sort()).toEqual([200, ...errorStatuses(route), 500].sort());
    }
    expect(errorStatuses(routes.health)).toEqual([]);
    expect(errorStatuses(routes.createUpload)).toEqual([400, 401, 413, 429]);
    expect(errorStatuses(routes.deleteUpload)).toEqual([400, 401, 403, 404, 503]);
    expect(errorStatuses(routes.getMe)).toEqual([401]);
    expect(doc.components.responses.NotFound).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
    expect(doc.components.schemas.ErrorBody.properties).toMatchObject({
      error: { properties: { code: { type: 'string' }, message: { type: 'string' } } },
    });
  });

  it('maps access levels to security schemes', async () => {
    const admin = {
      method: 'POST',
      path: '/api/admin/seed',
      access: 'admin',
      group: 'system',
      response: z.object({}),
    };
    const withAdmin = buildOpenApiDocument({ ...table, seed: admin } as Record<string, RouteDef>);
    expect(withAdmin.components.securitySchemes).toEqual({
      visitorSession: { type: 'apiKey', in: 'header', name: SESSION_HEADER, description: expect.any(String) },
      cognitoJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: expect.any(String) },
    });
    const security = (route: RouteDef) => operationOf(withAdmin, route)!.security;
    expect(security(routes.health)).toEqual([]);
    expect(security(routes.createUpload)).toEqual([{ visitorSession: [] }, { cognitoJwt: [] }]);
    expect(security(routes.deleteUpload)).toEqual([{ visitorSession: [] }, { cognitoJwt: [] }]);
    expect(security(routes.getMe)).toEqual([{ cognitoJwt: [] }]);
    expect(operationOf(withAdmin, admin as RouteDef)).toMatchObject({
      security: [{ cognitoJwt: [] }],
      'x-access': 'admin',
      description: expect.stringContaining('"admins"'),
      responses: { 401: expect.anything(), 403: expect.anything() },
    });
    expect(await validationErrors(withAdmin)).toBeNull();
  });

  it('describes the signed webhook as a raw body with its signature header', () => {
    const operation = operationOf(doc, routes.stripeWebhook)!;
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'stripe-signature', in: 'header', required: true }),
    ]);
    expect(operation.requestBody).toMatchObject({
      required: true,
      description: expect.stringMatching(/raw/),
    });
    expect(operation.security).toEqual([]);
  });

  it('carries the package version, serves at /, and passes its own route schema', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(API_VERSION).toBe(pkg.version);
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(() => routes.getOpenApi.response.parse(doc)).not.toThrow();
  });

  it('refuses schemas it cannot describe faithfully', () => {
    const route = (schema: z.ZodType, body?: z.ZodType) =>
      ({
        method: 'POST',
        path: '/api/x',
        access: 'public',
        group: 'system',
        body,
        response: schema,
      }) as RouteDef;
    expect(() => buildOpenApiDocument({ x: route(z.object({ n: z.bigint() })) })).toThrow();
    // One schema as both body and response, reading differently as each: it needs two names.
    const both = z.object({ mode: z.enum(['a', 'b']).default('a') });
    expect(() => buildOpenApiDocument({ x: route(both, both) })).toThrow(/request and as response/);
  });
});
