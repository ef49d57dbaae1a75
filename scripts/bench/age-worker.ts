/**
 * The render worker's own time per hosted job, the model excluded (issue 12: ≤ 300 ms): the start
 * (head crop, create the prediction) and the check (fetch the output, upscale to HD, the identity
 * guard on the original and the result, the watermarked preview, the two S3 writes and the
 * conditional completion). Runs on a throwaway local stack with the local fake of the predictions
 * API; the fake's model time is reported beside, never counted.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TargetAge } from '@shared/catalog';
import { loadConfig } from '../../functions/adapters/config';
import { buildDeps } from '../../functions/adapters/deps';
import { checkPrediction } from '../../functions/core/render/hosted-render';
import { renderJob } from '../../functions/core/render/render-job';
import { median, percentile, startBenchStack } from './bench-stack';

const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const AGES: TargetAge[] = [10, 16, 21];
const require = createRequire(import.meta.url);
const demo = (n: number) =>
  join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`);

/** A keepsake upload (no renders queued) of the bench's own, completed over HTTP. */
async function keepsakeUpload(url: string, photo: Buffer): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-session-id': crypto.randomUUID() };
  const created = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ contentType: 'image/jpeg', size: photo.length, purpose: 'keepsake' }),
  }).then((r) => r.json());
  await fetch(created.uploadUrl, { method: 'PUT', headers: created.headers, body: new Uint8Array(photo) });
  const done = await fetch(`${url}/api/uploads/${created.uploadId}/complete`, { method: 'POST', headers });
  if (!done.ok) throw new Error(`complete failed: ${done.status} ${await done.text()}`);
  return created.uploadId;
}

export async function benchHostedWorker(): Promise<void> {
  process.env.IMAGE_AI_PROVIDER = 'replicate';
  const stack = await startBenchStack();
  try {
    // The bench's own worker: same adapters, same fake; the fake's webhooks go nowhere, so the
    // stack's own worker never races the timed check.
    const deps = buildDeps(loadConfig(process.env));
    deps.aiWebhookUrl = 'http://127.0.0.1:9/api/ai/webhook';
    const hosted = deps.imageAI.hostedAgeing!;
    const starts: number[] = [];
    const checks: number[] = [];
    const models: number[] = [];
    let cold: { start: number; check: number } | undefined;
    for (let run = 0; run <= RUNS; run++) {
      const uploadId = await keepsakeUpload(stack.url, await readFile(demo((run % 3) + 2)));
      const age = AGES[run % AGES.length];
      const now = new Date().toISOString();
      await deps.uploads.addJob({ uploadId, age, status: 'processing', hdUnlocked: false, updatedAt: now });

      let t = performance.now();
      const started = await renderJob(deps, { uploadId, age });
      const start = performance.now() - t;
      if (started.outcome !== 'started') throw new Error(`not started: ${JSON.stringify(started)}`);
      const modelStarted = performance.now();
      while ((await hosted.check(started.predictionId, 64)).status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      models.push(performance.now() - modelStarted);

      t = performance.now();
      const finished = await checkPrediction(deps, started.predictionId);
      const check = performance.now() - t;
      if (finished.outcome !== 'done') throw new Error(`not done: ${JSON.stringify(finished)}`);
      // The first job loads face-api's models and warms sharp: a container's first job only.
      if (run === 0) cold = { start, check };
      else {
        starts.push(start);
        checks.push(check);
      }
    }
    const totals = starts.map((s, i) => s + checks[i]);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    console.log(`Hosted render worker time, model excluded (${RUNS} jobs after one cold one, local fake):`);
    console.log(`  start  p50 ${ms(median(starts))}  p95 ${ms(percentile(starts, 95))}`);
    console.log(`  check  p50 ${ms(median(checks))}  p95 ${ms(percentile(checks, 95))}`);
    console.log(
      `  total  p50 ${ms(median(totals))}  p95 ${ms(percentile(totals, 95))}   (target ≤ 300 ms; cold first job: ${ms(cold!.start + cold!.check)})`,
    );
    console.log(`  (the fake's model took p50 ${ms(median(models))}, not counted)`);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchHostedWorker();
