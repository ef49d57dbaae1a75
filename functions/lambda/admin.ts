/** Lambda entry point: the admin routes, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildAdminDeps } from '../adapters/roots/admin';
import { createAdminHandler } from '../handlers/admin';

export const handler = createAdminHandler(buildAdminDeps(loadConfig()));
