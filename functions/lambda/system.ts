/** Lambda entry point: the system routes, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildSystemDeps } from '../adapters/roots/system';
import { createSystemHandler } from '../handlers/system';

export const handler = createSystemHandler(buildSystemDeps(loadConfig()));
