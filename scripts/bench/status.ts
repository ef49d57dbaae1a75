/**
 * npm run bench:status — the endpoint the progress page polls, under 50 concurrent pollers that
 * revalidate with If-None-Match like a browser does. Prints p50/p95/p99 and the 304 share.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { percentile, startBenchStack, uploadPhoto, waitForJobs } from './bench-stack';

const POLLERS = 50;
const REQUESTS_PER_POLLER = Number(process.env.BENCH_REQUESTS ?? 40);
const require = createRequire(import.meta.url);
const photo = readFileSync(
  join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg'),
);

const stack = await startBenchStack();
try {
  const sessionId = crypto.randomUUID();
  const uploadId = await uploadPhoto(stack.url, sessionId, photo);
  await waitForJobs(stack.url, uploadId);
  const statusUrl = `${stack.url}/api/uploads/${uploadId}`;

  const latencies: number[] = [];
  let notModified = 0;
  const poller = async () => {
    let etag: string | null = null;
    for (let i = 0; i < REQUESTS_PER_POLLER; i++) {
      const headers: Record<string, string> = { 'x-session-id': sessionId };
      if (etag) headers['if-none-match'] = etag;
      const started = performance.now();
      const response = await fetch(statusUrl, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status === 304) notModified++;
      else if (response.ok) etag = response.headers.get('etag');
      else throw new Error(`status ${response.status}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: POLLERS }, poller));
  const seconds = (performance.now() - started) / 1000;

  console.log(`${POLLERS} concurrent pollers × ${REQUESTS_PER_POLLER} requests on GET /api/uploads/{id}`);
  console.log(`  p50 ${percentile(latencies, 50).toFixed(1)} ms`);
  console.log(`  p95 ${percentile(latencies, 95).toFixed(1)} ms   (target ≤ 20 ms)`);
  console.log(`  p99 ${percentile(latencies, 99).toFixed(1)} ms`);
  console.log(
    `  ${(latencies.length / seconds).toFixed(0)} requests/s; ${((100 * notModified) / latencies.length).toFixed(0)}% answered 304`,
  );
  console.log('  one DynamoDB Query per request (pk = UPLOAD#id returns the upload and its jobs)');
} finally {
  await stack.stop();
}
process.exit(0);
