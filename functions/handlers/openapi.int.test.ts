/**
 * GET /api/openapi.json: the system handler serves the document of shared/openapi.ts, valid
 * OpenAPI 3.1, directly (as API Gateway calls it) and through the local gateway.
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import { buildOpenApiDocument } from '@shared/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../scripts/local/gateway/gateway';
import { createTestApp } from '../test-support/test-app';

const { callRoute, startGateway } = createTestApp();

const expected = JSON.parse(JSON.stringify(buildOpenApiDocument()));
let gateway: Gateway;

beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway?.stop());

describe('GET /api/openapi.json', () => {
  it('answers the document of the route table, cacheable for a few minutes', async () => {
    const result = await callRoute('getOpenApi');
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toMatch(/^application\/json/);
    expect(result.headers['cache-control']).toBe('public, max-age=300');
    expect(result.json).toEqual(expected);
    const validation = await validate(result.json);
    expect(validation.valid ? null : compileErrors(validation)).toBeNull();
  });

  it('is served by the local gateway to anyone, as by API Gateway', async () => {
    const response = await fetch(`http://127.0.0.1:${gateway.port}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const body = (await response.json()) as { paths: Record<string, unknown> };
    expect(body).toEqual(expected);
    expect(Object.keys(body.paths)).toContain('/api/openapi.json');
  });
});
