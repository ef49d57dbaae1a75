/**
 * npm run bench:cold-start — each Lambda's cold start, from a fresh process to its first answer, with
 * the host bundles (built as `cdk deploy` builds them, this machine's native packages) against the
 * local stack in a process of its own. Per Lambda, BENCH_RUNS fresh processes (default 5), each
 * answering the boot test's request (scripts/bundle/scenarios.ts) twice: the first answer is the cold
 * one, the second shows what the request itself costs warm, so their difference is the lazy work of
 * the first call (model loads, first connections, the JWKS fetch). Prints p50s and what dominates.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import { median } from '../bench/bench-stack';
import { type BootedLambda, bootLambda } from './boot';
import { ensureBundles } from './bundles';
import { createFixture, SCENARIOS, uploadForRender } from './scenarios';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The Lambdas that decode or draw images (sharp, Skia, face-api); the rest only answer JSON. */
const IMAGE_LAMBDAS: readonly LambdaName[] = ['uploads', 'moments', 'render-worker', 'pack-worker'];
const TARGET_MS = { api: 400, image: 2000 };

const built = ensureBundles({ platform: 'host' });
console.log(`Host bundles ${built.reused ? 'reused' : 'built'} (${built.buildSeconds.toFixed(0)} s)`);
const bundles = new Map(built.bundles.map((b) => [b.name, b]));

const stackProcess = spawn(
  join(REPO_ROOT, 'node_modules/.bin/tsx'),
  [join(import.meta.dirname, 'stack-process.ts')],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const env: Record<string, string> = await new Promise((resolve, reject) => {
  stackProcess.once('exit', (code) => reject(new Error(`The local stack exited (${code})`)));
  createInterface({ input: stackProcess.stdout }).on('line', (line) => {
    if (line.startsWith('BOOT_STACK=')) resolve(JSON.parse(line.slice('BOOT_STACK='.length)));
  });
});
// This process signs its own calls (sign-ups, the presigned PUT, the queue) as the deployer.
Object.assign(process.env, env);

/** ms; `init`: what every request of the cold pass took beyond the warm pass (lazy models, connections). */
type Run = { node: number; load: number; first: number; warm: number; init: number; total: number };
const results = new Map<LambdaName, Run[]>();
let viewer: BootedLambda | undefined;
try {
  viewer = await bootLambda(bundles.get('uploads')!, env);
  const fixture = await createFixture(async () => viewer!);
  for (const name of LAMBDA_NAMES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Each pass of the render worker renders an upload of its own.
      if (name === 'render-worker') {
        while (fixture.completed.length < 2) fixture.completed.push(await uploadForRender(viewer));
      }
      const lambda = await bootLambda(bundles.get(name)!, env);
      try {
        await SCENARIOS[name](lambda, fixture);
        const warmAt = lambda.answerMs.length;
        await SCENARIOS[name](lambda, fixture);
        const { processStartMs, moduleLoadMs, spawnToLoadedMs } = lambda.timings;
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        const [cold, warm] = [lambda.answerMs.slice(0, warmAt), lambda.answerMs.slice(warmAt)];
        runs.push({
          node: processStartMs,
          load: moduleLoadMs,
          first: cold[0],
          warm: warm[0],
          init: Math.max(0, sum(cold) - sum(warm)),
          total: spawnToLoadedMs + cold[0],
        });
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}\n${lambda.output()}`);
      } finally {
        await lambda.close();
      }
    }
    results.set(name, runs);
  }
} finally {
  await viewer?.close();
  stackProcess.kill('SIGTERM');
}

const p50 = (runs: Run[], key: keyof Run) => median(runs.map((r) => r[key]));
const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(9);
console.log(
  `\nCold start, fresh Node ${process.versions.node.split('.')[0]} process to first answer (p50 of ${RUNS})`,
);
console.log(
  `${'Lambda'.padEnd(14)}${['node', 'load', '1st req', 'warm', 'init', 'total'].map((h) => h.padStart(9)).join('')}  target    dominated by`,
);
for (const [name, runs] of results) {
  const target = IMAGE_LAMBDAS.includes(name) ? TARGET_MS.image : TARGET_MS.api;
  const parts = {
    'Node start': p50(runs, 'node'),
    'module load': p50(runs, 'load'),
    'first-call init (models, connections)': p50(runs, 'init'),
    'the request itself': p50(runs, 'warm'),
  };
  const [dominant] = Object.entries(parts).sort((a, b) => b[1] - a[1]);
  const total = p50(runs, 'total');
  const columns = (['node', 'load', 'first', 'warm', 'init', 'total'] as const).map((k) => ms(p50(runs, k)));
  console.log(
    `${name.padEnd(14)}${columns.join('')}  ≤ ${`${target} ms`.padEnd(8)}${total <= target ? 'ok ' : 'OVER'} ` +
      `${dominant[0]} (${dominant[1].toFixed(0)} ms)`,
  );
}
console.log(
  'node: process start until the runner ran; load: import of index.mjs; 1st req: the cold answer; warm: the same\n' +
    'request again in that process; init: the cold pass of all the requests minus the warm pass (a model loaded by\n' +
    'a later request shows here, not in 1st req); total: spawn to first answer, held to the target.\n' +
    `Targets: API Lambdas without image modules ≤ ${TARGET_MS.api} ms, image Lambdas (${IMAGE_LAMBDAS.join(', ')}) ≤ ${TARGET_MS.image} ms.`,
);
process.exit(0);
