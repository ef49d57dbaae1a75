/** Lambda entry point: the pack queue's consumer, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildPackWorkerDeps } from '../adapters/roots/pack-worker';
import { createPackWorkerHandler } from '../handlers/pack-worker';

export const handler = createPackWorkerHandler(buildPackWorkerDeps(loadConfig()));
