/** HTTP API: health and the browser's sign-in configuration. */
import type { Deps } from '../core/deps';
import { ageingEngine } from '../core/image-ai';
import { createHttpHandler } from './http/router';

export const createSystemHandler = (deps: Deps) =>
  createHttpHandler(
    'system',
    {
      health: async (deps) => ({ ok: true as const, engine: ageingEngine(deps.imageAI) }),
      getClientConfig: async (deps) => deps.clientConfig,
    },
    deps,
  );
