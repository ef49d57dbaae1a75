/** Lambda entry point: the admin routes, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createAdminHandler } from '../handlers/admin';

export const handler = createAdminHandler(buildDeps());
