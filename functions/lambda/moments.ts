/** Lambda entry point: the moments routes, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildMomentsDeps } from '../adapters/roots/moments';
import { createMomentsHandler } from '../handlers/moments';

export const handler = createMomentsHandler(buildMomentsDeps(loadConfig()));
