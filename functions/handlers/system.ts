/** HTTP API: health and the browser's sign-in configuration. */
import { getDeps } from '../adapters/deps';
import { createHttpHandler } from './http/router';

export const handler = createHttpHandler(
  'system',
  {
    health: async (deps) => ({ ok: true as const, engine: deps.renderer.engine }),
    getClientConfig: async (deps) => deps.clientConfig,
  },
  getDeps,
);
