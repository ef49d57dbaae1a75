/** Lambda entry point: the pack queue's consumer, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createPackWorkerHandler } from '../handlers/pack-worker';

export const handler = createPackWorkerHandler(buildDeps());
