/**
 * npm run bench:status — the endpoint the progress page polls, under 50 concurrent pollers that
 * poll every 2 s (as the page does) and revalidate with If-None-Match like a browser. A second
 * pass polls back-to-back to show the headroom. The pollers run in their own process so the load
 * generator does not share the server's event loop.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PROGRESS_POLL_MS } from '@shared/rules/progress';
import { startBenchStack, uploadPhoto, waitForJobs } from './bench-stack';

const POLLERS = 50;
const REQUESTS_PER_POLLER = Number(process.env.BENCH_REQUESTS ?? 15);
const require = createRequire(import.meta.url);
const photo = readFileSync(
  join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg'),
);

/** Plain JS run by a separate node: each poller revalidates with the ETag it last saw. */
const loadScript = `
const { URL_, SESSION, POLLERS, REQUESTS, INTERVAL_MS } = process.env;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const latencies = []; let notModified = 0;
async function poller() {
  let etag = null;
  // Browsers opened at different moments: spread the first polls over one interval.
  await sleep(Math.random() * Number(INTERVAL_MS));
  for (let i = 0; i < Number(REQUESTS); i++) {
    const due = performance.now() + Number(INTERVAL_MS);
    const headers = {};
    if (etag) headers['if-none-match'] = etag;
    const started = performance.now();
    const response = await fetch(URL_, { headers });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (response.status === 304) notModified++;
    else if (response.ok) etag = response.headers.get('etag');
    else throw new Error('status ' + response.status);
    await sleep(Math.max(0, due - performance.now()));
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: Number(POLLERS) }, poller));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const p = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
console.log(JSON.stringify({ p50: p(0.5), p95: p(0.95), p99: p(0.99), count: latencies.length, seconds, notModified }));
`;

const stack = await startBenchStack();
try {
  const uploadId = await uploadPhoto(stack.url, photo);
  await waitForJobs(stack.url, uploadId);
  const pass = async (label: string, intervalMs: number) => {
    // Async: a sync child would block this process, which hosts the stack being measured.
    const { stdout: output } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', loadScript],
      {
        env: {
          ...process.env,
          URL_: `${stack.url}/api/uploads/${uploadId}`,
          POLLERS: String(POLLERS),
          REQUESTS: String(REQUESTS_PER_POLLER),
          INTERVAL_MS: String(intervalMs),
        },
        encoding: 'utf8',
      },
    );
    const r = JSON.parse(output.trim().split('\n').pop()!);
    console.log(
      `${POLLERS} concurrent pollers × ${REQUESTS_PER_POLLER} requests on GET /api/uploads/{id}, ${label}`,
    );
    console.log(`  p50 ${r.p50.toFixed(1)} ms`);
    console.log(`  p95 ${r.p95.toFixed(1)} ms${intervalMs ? '   (target ≤ 20 ms)' : ''}`);
    console.log(`  p99 ${r.p99.toFixed(1)} ms`);
    console.log(
      `  ${(r.count / r.seconds).toFixed(0)} requests/s; ${((100 * r.notModified) / r.count).toFixed(0)}% answered 304`,
    );
  };
  await pass(`every ${PROGRESS_POLL_MS} ms like the progress page`, PROGRESS_POLL_MS);
  await pass('back-to-back (headroom)', 0);
  console.log('  one DynamoDB Query per request (pk = UPLOAD#id returns the upload and its jobs)');
} finally {
  await stack.stop();
}
process.exit(0);
