/** SQS render queue consumer with partial batch failures. */
import type { Deps } from '../core/deps';
import { renderBatch } from '../core/render/render-batch';
import { createSqsBatchHandler } from './sqs-batch';

export const createRenderWorkerHandler = (deps: Deps) => createSqsBatchHandler(deps, renderBatch);
