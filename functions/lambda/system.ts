/** Lambda entry point: the system routes, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createSystemHandler } from '../handlers/system';

export const handler = createSystemHandler(buildDeps());
