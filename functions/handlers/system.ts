/** HTTP API: health, the browser's sign-in configuration and the OpenAPI document. */
import { openApiDocument } from '@shared/openapi';
import { ageingEngine } from '../core/image-ai';
import type { SystemDeps } from '../core/lambda-deps';
import { json } from './http/responses';
import { asResult, createHttpHandler } from './http/router';

/** The document changes only with a deploy; browsers and doc viewers may keep it a few minutes. */
const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

export type { SystemDeps };

export const createSystemHandler = (deps: SystemDeps) =>
  createHttpHandler(
    'system',
    {
      health: async (deps) => ({ ok: true as const, engine: ageingEngine(deps.imageAI) }),
      getClientConfig: async (deps) => deps.clientConfig,
      getOpenApi: async () =>
        asResult(json(200, openApiDocument(), { 'cache-control': OPENAPI_CACHE_CONTROL })),
    },
    deps,
  );
