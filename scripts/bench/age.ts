/**
 * npm run bench:age [-- --providers offline,replicate (the default) --photos <folder> --no-worker] — the ageing
 * figures: for each provider, every face aged to 10, 16 and 21 through the ImageAI port
 * (createImageAI routes), then read back by face-api: mean |estimated age − target| and mean identity
 * distance to the original. With replicate, also the render worker's own time per hosted job
 * (age-worker.ts). A table, not a test: nothing here passes or fails on a number.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PREVIEW_AGES } from '@shared/catalog';
import { identityDistance } from '@shared/rules/identity';
import { createFaceIdentity, createImageAI } from '../../functions/adapters/image';
import type { ProviderLogger } from '../../functions/adapters/image/replicate/predictions';
import { replicateConfigOf } from '../../functions/adapters/image/replicate/replicate-config';
import {
  IMAGE_CAPABILITIES,
  type ImageAI,
  type ImageAIProvider,
  type ImageAIRoutes,
} from '../../functions/core/image-ai';
import { startLocalHostedAi } from '../local/hosted-ai';
import { type AgeSample, formatAgeTable, parseAgeBenchArgs, summariseAgeSamples } from './age-figures';
import { PORTRAIT_RULE, portraits } from './portraits';

/** The results are read back from a 1024 px square: face-api sees a 640 px copy whatever the size. */
const RESULT_SIZE = 1024;
const MIN_FACES = 6;

type BenchFace = { name: string; image: Buffer; descriptor: number[]; estimatedAge: number };
type PreparedProvider = { ai: ImageAI; note?: string; stop(): Promise<void> } | { skipped: string };

const identity = createFaceIdentity();
const routesTo = (provider: ImageAIProvider) =>
  Object.fromEntries(IMAGE_CAPABILITIES.map((capability) => [capability, provider])) as ImageAIRoutes;

async function benchFaces(photosDir?: string): Promise<BenchFace[]> {
  const sources = (await portraits())
    .filter((portrait) => !portrait.excluded)
    .map((portrait) => ({ name: portrait.name, image: portrait.crop }));
  if (photosDir) {
    for (const file of (await readdir(photosDir)).sort()) {
      if (/\.(jpe?g|png|webp)$/i.test(file)) {
        sources.push({ name: file, image: await readFile(path.join(photosDir, file)) });
      }
    }
  }
  const faces: BenchFace[] = [];
  for (const source of sources) {
    const signature = await identity.signature(source.image);
    if (signature) faces.push({ ...source, ...signature });
    else console.log(`  ${source.name}: no face found, left out`);
  }
  return faces;
}

/**
 * The hosted provider from the REPLICATE_* variables (a real token, or any server that speaks the
 * predictions API); with none of them, on the local fake of Replicate's API that `npm run
 * start:hosted` uses, whose models run the offline warp behind the predictions API.
 */
async function prepareReplicate(): Promise<PreparedProvider> {
  const env: NodeJS.ProcessEnv = { ...process.env, IMAGE_AI_PROVIDER: 'replicate' };
  const hosted = await startLocalHostedAi(env);
  const stop = async () => {
    await hosted.fake?.stop();
  };
  // Quiet about each success (one line per prediction would bury the table); failures still say why.
  const logger: ProviderLogger = {
    info: () => {},
    warn: (message: string, ...rest: unknown[]) => console.warn(`  ${message}`, ...rest),
    error: (message: string, ...rest: unknown[]) => console.error(`  ${message}`, ...rest),
  };
  const ai = createImageAI(routesTo('replicate'), {}, { replicate: replicateConfigOf(env), logger });
  const answer = ai.answers.ageProgress;
  if (answer.missing) {
    await stop();
    return { skipped: `needs ${answer.missing}` };
  }
  const source =
    hosted.mode === 'fake'
      ? "no REPLICATE_API_TOKEN: these hosted figures come from the local fake of Replicate's API, which " +
        "runs the offline warp behind the predictions API — they are not the real model's"
      : `the predictions API at ${env.REPLICATE_API_BASE ?? 'api.replicate.com'}`;
  const model =
    hosted.mode === 'fake' ? `model id ${answer.model}, answered by the fake` : `model ${answer.model}`;
  return { ai, note: `${source}; ${model}`, stop };
}

async function prepare(provider: ImageAIProvider): Promise<PreparedProvider> {
  if (provider === 'replicate') return prepareReplicate();
  const ai = createImageAI(routesTo(provider));
  return { ai, note: `model ${ai.answers.ageProgress.model}`, stop: async () => {} };
}

async function ageAll(provider: ImageAIProvider, ai: ImageAI, faces: BenchFace[]): Promise<AgeSample[]> {
  const samples: AgeSample[] = [];
  for (const face of faces) {
    for (const target of PREVIEW_AGES) {
      const started = performance.now();
      const base = { provider, face: face.name, target };
      try {
        const aged = await ai.ageProgress({ image: face.image, targetAge: target, size: RESULT_SIZE });
        const ms = performance.now() - started;
        const read = await identity.signature(aged.image);
        samples.push({
          ...base,
          ms,
          estimatedAge: read?.estimatedAge ?? null,
          distance: read ? identityDistance(read.descriptor, face.descriptor) : null,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        samples.push({
          ...base,
          ms: performance.now() - started,
          estimatedAge: null,
          distance: null,
          error: message,
        });
        console.log(`  ${provider} ${face.name} → ${target}: ${message}`);
      }
    }
  }
  return samples;
}

const hostedAccount = Boolean(process.env.REPLICATE_API_TOKEN);
const options = parseAgeBenchArgs(process.argv.slice(2), { hostedAccount });
if (hostedAccount && !options.providers.includes('replicate')) {
  console.log(
    'REPLICATE_API_TOKEN is set: the hosted model bills each prediction, so it runs only when asked (--providers offline,replicate).',
  );
}
console.log(
  `faces: ${PORTRAIT_RULE}${options.photosDir ? `, plus the photos in ${options.photosDir}` : ''}.`,
);
const faces = await benchFaces(options.photosDir);
const meanAge = faces.reduce((sum, face) => sum + face.estimatedAge, 0) / faces.length;
console.log(
  `${faces.length} faces, face-api reads them as ${Math.min(...faces.map((f) => f.estimatedAge)).toFixed(0)}–` +
    `${Math.max(...faces.map((f) => f.estimatedAge)).toFixed(0)} years (mean ${meanAge.toFixed(1)}).`,
);
if (faces.length < MIN_FACES) console.log(`  fewer than ${MIN_FACES} faces: the means are shaky.`);
if (faces.every((face) => face.estimatedAge >= 18)) {
  console.log(
    '  no child among them: no npm package ships a photo of a child; add your own with --photos <folder>.',
  );
}

const samples: AgeSample[] = [];
for (const provider of options.providers) {
  const prepared = await prepare(provider);
  if ('skipped' in prepared) {
    console.log(`${provider}: ${prepared.skipped}`);
    continue;
  }
  console.log(`${provider}: ${prepared.note}`);
  try {
    samples.push(...(await ageAll(provider, prepared.ai, faces)));
  } finally {
    await prepared.stop();
  }
}

console.log('');
for (const line of formatAgeTable(summariseAgeSamples(samples))) console.log(line);
console.log(
  '\nest. age: what face-api reads in the result; identity dist.: Euclidean distance of face-api descriptors to ' +
    'the original (under 0.6 = same person, the identity guard); ms/job: median, ageing only.',
);

if (options.worker && options.providers.includes('replicate')) {
  // The hosted job's own worker time (target ≤ 300 ms, the model excluded), on a throwaway stack.
  console.log('');
  const { benchHostedWorker } = await import('./age-worker');
  await benchHostedWorker();
}
