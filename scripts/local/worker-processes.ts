/**
 * Starts the queue workers of the local stack in processes of their own (worker-process.ts), as
 * Lambda runs each function apart from the API's.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BatchReport } from './sqs-poller';

export type WorkerProcessSettings = {
  lambda: 'render-worker' | 'pack-worker';
  queueUrl: string;
  visibilityTimeoutSeconds: number;
  concurrency: number;
  workerTimeoutMs?: number;
  /** Report every job completion the render worker records (the load benchmark counts them). */
  reportCompletions?: boolean;
};

export type WorkerProcessMessage =
  | { type: 'ready' }
  | { type: 'batch'; report: Omit<BatchReport, 'error'> }
  | { type: 'completion'; uploadId: string; age: number; done: boolean };

export type WorkerProcess = { pid: number; stop(): Promise<void> };

const ENTRY = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
/** A worker that does not say ready by then (its models load at start) is a failed start. */
const READY_TIMEOUT_MS = 120_000;
/** A batch in flight may finish; past this the process is killed. */
const STOP_TIMEOUT_MS = 30_000;

export async function startWorkerProcess(opts: {
  settings: WorkerProcessSettings;
  env: Record<string, string | undefined>;
  onBatch?: (report: Omit<BatchReport, 'error'>) => void;
  onCompletion?: (completion: { uploadId: string; age: number; done: boolean }) => void;
}): Promise<WorkerProcess> {
  const child: ChildProcess = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...opts.env, WORKER_PROCESS: JSON.stringify(opts.settings) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${opts.settings.lambda} did not start`)),
      READY_TIMEOUT_MS,
    );
    child.on('message', (message: WorkerProcessMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else if (message.type === 'batch') opts.onBatch?.(message.report);
      else if (message.type === 'completion') opts.onCompletion?.(message);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${opts.settings.lambda} exited with ${code} before it was ready`));
    });
  });
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
