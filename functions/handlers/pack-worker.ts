/** SQS pack queue consumer (generation runs, scheduler ticks) with partial batch failures. */
import { packBatch } from '../core/admin/packs-worker';
import type { PackWorkerDeps } from '../core/lambda-deps';
import { createSqsBatchHandler } from './sqs-batch';

export type { PackWorkerDeps };

export const createPackWorkerHandler = (deps: PackWorkerDeps) => createSqsBatchHandler(deps, packBatch);
