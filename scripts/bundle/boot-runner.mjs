/**
 * Boots one built Lambda bundle the way the Node.js runtime does, in this fresh process:
 * `node boot-runner.mjs <asset dir> <function name> <timeout ms>` imports <asset dir>/index.mjs, then
 * answers each line of stdin (a JSON event) with `handler(event, context)`. Plain JS, so the bundle
 * runs on Node alone (no tsx, no loader hooks). Reports go to stdout as `BOOT {json}` lines, apart from
 * the handler's own logs: `loaded` (ms since the process started; module load), then one `answer` or
 * `error` per event. Exits when stdin ends.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const [dir, functionName = 'local', timeoutMs = '30000'] = process.argv.slice(2);
// performance.now() counts from the start of this process: Node's own boot comes first.
const processStartMs = performance.now();
const report = (message) => process.stdout.write(`BOOT ${JSON.stringify(message)}\n`);
const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** What the runtime passes as the handler's second argument. */
function context() {
  const deadline = Date.now() + Number(timeoutMs);
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `boot/[$LATEST]${awsRequestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

let handler;
try {
  const module = await import(pathToFileURL(join(dir, 'index.mjs')).href);
  handler = module.handler;
  if (typeof handler !== 'function') throw new Error(`${dir}/index.mjs exports no handler function`);
} catch (error) {
  report({ type: 'load-error', error: describe(error) });
  process.exit(1);
}
report({ type: 'loaded', processStartMs, moduleLoadMs: performance.now() - processStartMs });

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const started = performance.now();
  try {
    const result = await handler(JSON.parse(line), context());
    report({ type: 'answer', ms: performance.now() - started, result });
  } catch (error) {
    report({ type: 'error', ms: performance.now() - started, error: describe(error) });
  }
}
// The SDK's keep-alive sockets would hold the process open.
process.exit(0);
