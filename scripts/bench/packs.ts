/**
 * npm run bench:packs — offline generation of a 5-scene pack on the local stack (budget ≤ 10 s):
 * the worker's run alone (generateScene, derivatives, S3 and DynamoDB writes, per stage), and
 * Generate to the fifth template through the queue and the stack's pack poller, as the page sees it.
 */
import { PACK_SCENES_PER_RUN } from '@shared/schemas/admin-packs';
import { createPack, startPackGeneration } from '../../functions/core/admin/packs';
import { generatePackRun } from '../../functions/core/admin/packs-generate';
import type { Deps } from '../../functions/core/deps';
import { median, startBenchStack } from './bench-stack';

const BUDGET_MS = 10_000;
const RUNS = 3;

/** The deps with the stages timed: scene drawing, the template's derivatives, the S3 writes. */
function timed(deps: Deps) {
  const stages = { generateScene: [] as number[], derivatives: [] as number[], s3: [] as number[] };
  const time =
    <A extends unknown[], R>(into: number[], fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const t = performance.now();
      try {
        return await fn(...args);
      } finally {
        into.push(performance.now() - t);
      }
    };
  const wrapped: Deps = {
    ...deps,
    imageAI: { ...deps.imageAI, generateScene: time(stages.generateScene, deps.imageAI.generateScene) },
    templateImages: {
      ...deps.templateImages,
      fromImage: time(stages.derivatives, deps.templateImages.fromImage),
    },
    blobs: { ...deps.blobs, put: time(stages.s3, deps.blobs.put.bind(deps.blobs)) },
  };
  return { wrapped, stages };
}

async function newPack(deps: Deps, name: string) {
  const body = {
    name,
    description: '',
    category: 'Fantasy' as const,
    generationFrequency: 'weekly' as const,
    scheduledGeneration: false,
  };
  return (await createPack(deps, body)).pack.packId;
}

async function main() {
  const stack = await startBenchStack();
  try {
    const { deps } = stack;
    // The worker's run, in this process (the stack's poller would take the message too: mute it).
    const workerRuns: number[] = [];
    const { wrapped, stages } = timed({ ...deps, packQueue: { enqueue: async () => undefined } });
    for (let run = 0; run < RUNS; run++) {
      const packId = await newPack(wrapped, `Bench dragons ${run}`);
      const { pack } = await startPackGeneration(wrapped, packId);
      const t = performance.now();
      const result = await generatePackRun(wrapped, packId, pack.generation!.runId);
      workerRuns.push(performance.now() - t);
      if (result.made !== PACK_SCENES_PER_RUN) throw new Error(`made ${result.made} scenes`);
    }
    // Generate → the fifth template, through SQS and the stack's pack poller.
    const endToEnd: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const packId = await newPack(deps, `Bench castles ${run}`);
      const t = performance.now();
      await startPackGeneration(deps, packId);
      for (;;) {
        const pack = await deps.packs.getPack(packId);
        if (pack && !pack.generation && pack.templateCount === PACK_SCENES_PER_RUN) break;
        if (performance.now() - t > 60_000) throw new Error('the pack run did not finish in 60 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      endToEnd.push(performance.now() - t);
    }
    const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
    console.log(
      `5-scene pack, offline, median of ${RUNS}: worker run ${ms(workerRuns)} ` +
        `(per scene: generateScene ${ms(stages.generateScene)}, derivatives ${ms(stages.derivatives)}, ` +
        `S3 put ${ms(stages.s3)}); Generate → 5 templates through the queue ${ms(endToEnd)} ` +
        `(budget ${BUDGET_MS / 1000} s: ${median(endToEnd) <= BUDGET_MS ? 'met' : 'MISSED'})`,
    );
  } finally {
    await stack.stop();
  }
}

await main();
