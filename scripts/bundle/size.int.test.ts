/**
 * The Lambda bundles `cdk deploy` ships (linux arm64), built the same way (scripts/bundle/synth.ts),
 * stay inside Lambda's 250 MB unzipped limit and their budgets (scripts/bundle/budgets.ts), and carry
 * native binaries for the Lambda's CPU only. In the `int` project because its files run one at a
 * time: the build is a minute of both cores, which would starve the parallel unit tests.
 */
import { LAMBDA_NAMES } from '@shared/deployment';
import { describe, expect, it } from 'vitest';
import { BUDGET_MB } from './budgets';
import { ensureBundlesInChild } from './bundles';
import { LAMBDA_UNZIPPED_LIMIT_MB, MB, mb, measureBundle, nativePackages } from './measure';

describe('the Lambda bundles as deployed', () => {
  it('fit the unzipped limit and their budgets, with arm64 native code only', async () => {
    const built = await ensureBundlesInChild('lambda');
    expect(built.bundles.map((b) => b.name).sort()).toEqual([...LAMBDA_NAMES].sort());
    const measuredAt = Date.now();
    for (const bundle of built.bundles) {
      const size = await measureBundle(bundle.dir);
      const budget = BUDGET_MB[bundle.name];
      console.log(
        `[size] ${bundle.name}: ${mb(size.unzippedBytes)} MB unzipped (budget ${budget} MB), ${size.files} files; ${nativePackages(size.native).join(', ') || 'no native code'}`,
      );
      expect
        .soft(size.unzippedBytes, `${bundle.name} over Lambda's limit`)
        .toBeLessThanOrEqual(LAMBDA_UNZIPPED_LIMIT_MB * MB);
      expect.soft(size.unzippedBytes, `${bundle.name} over its budget`).toBeLessThanOrEqual(budget * MB);
      const foreign = size.native.filter((n) => n.cpu !== 'arm64').map((n) => `${n.file} (${n.cpu})`);
      expect.soft(foreign, `${bundle.name}: native code for another CPU`).toEqual([]);
    }
    console.log(
      `[size] ${built.reused ? 'reused the build of' : 'built in'} ${built.buildSeconds.toFixed(0)} s, measured in ${((Date.now() - measuredAt) / 1000).toFixed(1)} s`,
    );
  }, 900_000);
});
