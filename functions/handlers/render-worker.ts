/** SQS render queue consumer with partial batch failures. */
import type { RenderWorkerDeps } from '../core/lambda-deps';
import { renderBatch } from '../core/render/render-batch';
import { createSqsBatchHandler } from './sqs-batch';

export type { RenderWorkerDeps };

export const createRenderWorkerHandler = (deps: RenderWorkerDeps) => createSqsBatchHandler(deps, renderBatch);
