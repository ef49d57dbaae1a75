/** Lambda entry point: the render queue's consumer, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createRenderWorkerHandler } from '../handlers/render-worker';

export const handler = createRenderWorkerHandler(buildDeps());
