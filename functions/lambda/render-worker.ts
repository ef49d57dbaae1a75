/** Lambda entry point: the render queue's consumer, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildRenderWorkerDeps } from '../adapters/roots/render-worker';
import { createRenderWorkerHandler } from '../handlers/render-worker';

export const handler = createRenderWorkerHandler(buildRenderWorkerDeps(loadConfig()));
