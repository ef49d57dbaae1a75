/** SQS pack queue consumer (generation runs, scheduler ticks) with partial batch failures. */
import { packBatch } from '../core/admin/packs-worker';
import type { Deps } from '../core/deps';
import { createSqsBatchHandler } from './sqs-batch';

export const createPackWorkerHandler = (deps: Deps) => createSqsBatchHandler(deps, packBatch);
