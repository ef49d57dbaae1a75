/** HTTP API: health. */
import { getDeps } from '../adapters/deps';
import { createHttpHandler } from './http/router';

export const handler = createHttpHandler(
  'system',
  { health: async (deps) => ({ ok: true as const, engine: deps.renderer.engine }) },
  getDeps,
);
