/** Lambda entry point: the moments routes, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createMomentsHandler } from '../handlers/moments';

export const handler = createMomentsHandler(buildDeps());
