/**
 * The bench stack in a process of its own, for a bench that times its own worker (age-worker.ts):
 * the emulators in this process (fauxqs' S3 and SQS) and the app's handlers must not share the
 * timed event loop, as AWS's never do. Prints `BENCH_STACK=<json>` (its URL and environment) once
 * ready; stops the stack on SIGTERM.
 */
import { startBenchStack } from './bench-stack';

const stack = await startBenchStack();
process.stdout.write(`BENCH_STACK=${JSON.stringify({ url: stack.url, env: stack.env })}\n`);
const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
