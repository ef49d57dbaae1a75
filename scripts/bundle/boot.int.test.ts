/**
 * Every Lambda bundle, built as `cdk deploy` builds it but with this machine's native packages
 * (`--platform host`), boots in a fresh Node 24 process and answers one real event against the local
 * stack (scripts/bundle/scenarios.ts): a module missing from the bundle, a model file not copied or a
 * `require` the ESM bundle cannot do fails here instead of in AWS.
 */
import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { purgeRenderQueue } from '../../functions/test-support/invoke';
import { loadLocalEnv } from '../../functions/test-support/local-env';
import { type BootedLambda, bootLambda } from './boot';
import { ensureBundlesInChild } from './bundles';
import { createFixture, type Fixture, SCENARIOS } from './scenarios';
import type { SynthedBundle } from './synth';

let bundles: Map<LambdaName, SynthedBundle>;
let env: Record<string, string>;
let fixture: Fixture;
let viewer: BootedLambda | undefined;

beforeAll(async () => {
  env = { ...loadLocalEnv(), ...inject('paymentsEnv') };
  const built = await ensureBundlesInChild('host');
  console.log(
    `[boot] host bundles ${built.reused ? 'reused' : 'built'} (${built.buildSeconds.toFixed(0)} s)`,
  );
  bundles = new Map(built.bundles.map((b) => [b.name, b]));
  await purgeRenderQueue();
  // The render check reads the upload's jobs through an uploads bundle of its own.
  fixture = await createFixture(async () => {
    viewer ??= await bootLambda(bundles.get('uploads')!, env);
    return viewer;
  });
}, 900_000);

afterAll(async () => {
  await viewer?.close();
  // The upload's other ages are still queued; the next test file must not find them.
  await purgeRenderQueue();
});

describe('each bundle boots in a fresh process and answers a real event', () => {
  // In LAMBDA_NAMES order: uploads completes the upload the render worker then renders.
  for (const name of LAMBDA_NAMES) {
    it(name, async () => {
      const lambda = await bootLambda(bundles.get(name)!, env);
      try {
        const what = await SCENARIOS[name](lambda, fixture);
        const { processStartMs, moduleLoadMs } = lambda.timings;
        console.log(
          `[boot] ${name}: node ${processStartMs.toFixed(0)} ms, module load ${moduleLoadMs.toFixed(0)} ms, first answer ${lambda.answerMs[0]?.toFixed(0)} ms — ${what}`,
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}\n--- ${name}'s output ---\n${lambda.output()}`);
      } finally {
        await lambda.close();
      }
    }, 120_000);
  }
});
