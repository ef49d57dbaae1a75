/** Lambda entry point: the uploads routes, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createUploadsHandler } from '../handlers/uploads';

export const handler = createUploadsHandler(buildDeps());
