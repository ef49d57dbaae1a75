/**
 * The built-in template library's first-start seeding, as `npm start` does it (run by
 * `npm run bench:scenes` after the per-scene figures): a local stack from a fresh data folder, its
 * "templates" time (every scene drawn, its files stored in S3 and its item in DynamoDB), then a
 * restart on the same folder, which redraws nothing. `--runs=N` fresh starts (default 3); the median
 * is the figure. Wall clock: it depends on what else the machine runs, so the load is printed too.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeEmulatorPorts, freePort } from '../local/ports';
import { startLocalStack } from '../local/stack';
import { median } from './bench-stack';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);

/** The stack's seed time (ms) starting on dataDir. */
async function seedTime(dataDir: string): Promise<number> {
  const stack = await startLocalStack({
    dataDir,
    frontend: 'none',
    quiet: true,
    ports: { ...(await freeEmulatorPorts()), app: await freePort() },
  });
  await stack.stop();
  return stack.timings.seed;
}

async function main() {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  const fresh: number[] = [];
  const restart: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'lf-seed-bench-'));
    try {
      const load = loadavg()[0].toFixed(1);
      fresh.push(await seedTime(dataDir));
      restart.push(await seedTime(dataDir));
      console.log(
        `Run ${run + 1}: fresh ${(fresh[run] / 1000).toFixed(1)} s, restart ${(restart[run] / 1000).toFixed(2)} s ` +
          `(load ${load} on ${cpus().length} cores)`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `Whole seed, fresh: median ${(median(fresh) / 1000).toFixed(1)} s wall of ${RUNS}; ` +
      `a restart: median ${(median(restart) / 1000).toFixed(2)} s (nothing redrawn)`,
  );
}

await main();
