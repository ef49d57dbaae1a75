/**
 * npm run bundle [-- --platform host] [--force] [lambda ...] — builds the Lambda assets exactly as
 * `cdk deploy` does (scripts/bundle/synth.ts) and prints, per Lambda: unzipped size (what Lambda's
 * 250 MB limit counts), zipped size (what is uploaded), files, budget and the native binaries.
 * `--platform host` builds them for this machine instead of linux arm64, so they can boot here.
 * A build is reused while its inputs are unchanged (--force builds anyway).
 */
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';
import { BUDGET_MB } from './budgets';
import { BUNDLES_ROOT, type BundlePlatform, ensureBundles } from './bundles';
import { LAMBDA_UNZIPPED_LIMIT_MB, MB, mb, measureBundle, nativePackages } from './measure';

const { values, positionals } = parseArgs({
  options: {
    platform: { type: 'string', default: 'lambda' },
    force: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const platform = values.platform as BundlePlatform;
if (platform !== 'lambda' && platform !== 'host') throw new Error('--platform is lambda (default) or host');
const unknown = positionals.filter((name) => !(LAMBDA_NAMES as readonly string[]).includes(name));
if (unknown.length)
  throw new Error(`Unknown Lambda ${unknown.join(', ')}: one of ${LAMBDA_NAMES.join(', ')}`);

const started = Date.now();
const built = ensureBundles({ platform, only: positionals as LambdaName[], force: values.force });
const measureStarted = Date.now();
const rows = [];
for (const bundle of built.bundles)
  rows.push({ ...bundle, ...(await measureBundle(bundle.dir, { zip: true })) });

const where =
  platform === 'lambda' ? 'linux arm64, as cdk deploy ships them' : `this machine (${process.arch})`;
console.log(
  `\nLambda bundles for ${where}: ${built.reused ? `reused (built in ${built.buildSeconds.toFixed(0)} s, inputs unchanged)` : `built in ${built.buildSeconds.toFixed(1)} s`}, measured in ${((Date.now() - measureStarted) / 1000).toFixed(1)} s`,
);
const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `${'Lambda'.padEnd(14)}${pad('unzipped', 10)}${pad('zipped', 9)}${pad('files', 7)}${pad('budget', 8)}  native`,
);
// Budgets hold for the deployed (arm64) build; this machine's native binaries are a few MB larger.
const judged = platform === 'lambda';
let over = 0;
for (const row of rows) {
  const budget = BUDGET_MB[row.name];
  const tooBig =
    row.unzippedBytes > LAMBDA_UNZIPPED_LIMIT_MB * MB || (judged && row.unzippedBytes > budget * MB);
  if (tooBig) over++;
  console.log(
    `${row.name.padEnd(14)}${pad(`${mb(row.unzippedBytes)} MB`, 10)}${pad(`${mb(row.zippedBytes ?? 0)} MB`, 9)}` +
      `${pad(row.files, 7)}${pad(`${budget} MB`, 8)}${tooBig ? ' OVER' : ''}  ${nativePackages(row.native).join(', ') || '-'}`,
  );
}
console.log(
  `(MB = 2^20 bytes; Lambda's limit is ${LAMBDA_UNZIPPED_LIMIT_MB} MB unzipped; budgets, for the arm64 build, in scripts/bundle/budgets.ts)`,
);
console.log(
  `Assets in ${dirname(rows[0]?.dir ?? BUNDLES_ROOT)}; ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
);
if (over) {
  console.log(`${over} bundle(s) too big`);
  process.exitCode = 1;
}
