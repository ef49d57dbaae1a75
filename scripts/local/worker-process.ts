/**
 * A queue worker in a process of its own, as Lambda runs it: the worker's own composition root,
 * signed with its own credentials, behind the same SQS poller the stack used in-process. Renders then
 * never share the API's event loop (a 2000 px render held every status poll behind it).
 *
 * The parent forks this file with the stack's environment and a WORKER_PROCESS setting (JSON of
 * WorkerProcessSettings); the child answers `ready`, then reports each batch, and stops on `stop`.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { loadConfig } from '../../functions/adapters/config';
import { buildPackWorkerDeps } from '../../functions/adapters/roots/pack-worker';
import { buildRenderWorkerDeps } from '../../functions/adapters/roots/render-worker';
import { createPackWorkerHandler } from '../../functions/handlers/pack-worker';
import { createRenderWorkerHandler } from '../../functions/handlers/render-worker';
import { lambdaCredentials, localFunctionName } from './lambda-credentials';
import { type SqsWorker, startSqsPoller } from './sqs-poller';
import type { WorkerProcessMessage, WorkerProcessSettings } from './worker-processes';

const settings: WorkerProcessSettings = JSON.parse(process.env.WORKER_PROCESS ?? '{}');
const send = (message: WorkerProcessMessage) => process.send?.(message);

function workerOf(lambda: WorkerProcessSettings['lambda']): SqsWorker {
  const config = loadConfig(process.env);
  const options = { credentials: lambdaCredentials(lambda) };
  if (lambda === 'pack-worker') return createPackWorkerHandler(buildPackWorkerDeps(config, options));
  const deps = buildRenderWorkerDeps(config, options);
  if (settings.reportCompletions) {
    // For the load benchmark: every completion the worker records, and whether it was the first.
    const completeJob = deps.uploads.completeJob.bind(deps.uploads);
    deps.uploads.completeJob = async (uploadId, age, ...rest) => {
      const done = await completeJob(uploadId, age, ...rest);
      send({ type: 'completion', uploadId, age, done: Boolean(done) });
      return done;
    };
  }
  return createRenderWorkerHandler(deps);
}

// Lambda's event source mapping polls with the function's role, so the poller signs as the worker.
const sqs = new SQSClient({
  region: process.env.AWS_REGION,
  endpoint: process.env.AWS_ENDPOINT_URL_SQS,
  credentials: lambdaCredentials(settings.lambda),
});
const poller = await startSqsPoller({
  sqs,
  queueUrl: settings.queueUrl,
  worker: workerOf(settings.lambda),
  functionName: localFunctionName(settings.lambda),
  region: process.env.AWS_REGION,
  visibilityTimeoutSeconds: settings.visibilityTimeoutSeconds,
  concurrency: settings.concurrency,
  workerTimeoutMs: settings.workerTimeoutMs,
  onBatch: ({ received, deleted, failed }) => send({ type: 'batch', report: { received, deleted, failed } }),
  log: (line) => console.log(line),
});

async function stop() {
  await poller.stop();
  sqs.destroy();
  process.exit(0);
}
process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') void stop();
});
// The parent went away without a word (killed): nothing should keep polling its queues.
process.on('disconnect', () => void stop());
send({ type: 'ready' });
