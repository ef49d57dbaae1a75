/**
 * The Lambda bundles of one platform, built once and reused while their inputs (the code under
 * functions/, shared/, infra/, the lock file and the configs) are unchanged: `npm run bundle`, the size
 * test, the boot test and bench:cold-start all come here.
 *
 * They live in the system's temporary folder, not in the repository: Node looks for a package in
 * every node_modules above the importing file, so a bundle inside the repo would quietly find the
 * repo's own node_modules, and a module missing from the bundle would never show.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import { isAlive } from '../local/pid-file';
import { type BundlePlatform, type SynthedBundle, synthBundles } from './synth';

export type { BundlePlatform } from './synth';

/** LF_BUNDLES_DIR moves them (outside any folder with a node_modules). */
export const BUNDLES_ROOT = process.env.LF_BUNDLES_DIR || join(tmpdir(), 'little-futures-bundles');

export type Bundles = {
  platform: BundlePlatform;
  bundles: SynthedBundle[];
  /** True when an earlier build of the same inputs was reused. */
  reused: boolean;
  /** How long the build took (when reused: the earlier build). */
  buildSeconds: number;
};

type Manifest = { inputs: string; buildSeconds: number; bundles: SynthedBundle[] };

/** Folders and root files whose content can change a bundle (tests excepted: no entry imports them). */
const INPUT_DIRS = ['functions', 'shared', 'infra'];
const INPUT_FILES = [
  'package-lock.json',
  'package.json',
  'tsconfig.json',
  'cdk.json',
  'scripts/bundle/synth.ts',
];

function inputFiles(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : inputFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [path];
  });
}

/** One hash over every input's path and bytes. */
function inputsHash(platform: BundlePlatform): string {
  const hash = createHash('sha256').update(`${platform}\0`);
  for (const file of [...INPUT_DIRS.flatMap(inputFiles), ...INPUT_FILES].sort()) {
    if (!existsSync(join(REPO_ROOT, file))) continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(REPO_ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** How long a waiting build gives another process's build of the same inputs before giving up. */
const LOCK_WAIT_MS = 20 * 60_000;
/** Older builds of other inputs are removed, unless this recent (a test may still be booting them). */
const KEEP_RECENT_MS = 30 * 60_000;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** One build at a time per inputs: a second caller waits, then finds the first one's bundles. */
function withLock<T>(lock: string, build: () => T): T {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      const holder = Number(readIf(join(lock, 'pid')));
      // A lock whose process is gone was left by a crash; one without a pid yet is just being taken.
      if (holder && !isAlive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is still held by process ${holder}`);
      else sleep(1000);
    }
  }
  try {
    return build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function readIf(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function reusable(manifestFile: string, only?: readonly LambdaName[]): Manifest | undefined {
  const text = readIf(manifestFile);
  if (!text) return undefined;
  const manifest: Manifest = JSON.parse(text);
  const names = only?.length ? only : LAMBDA_NAMES;
  const bundles = manifest.bundles.filter((b) => names.includes(b.name));
  if (bundles.length !== names.length || !bundles.every((b) => existsSync(join(b.dir, 'index.mjs'))))
    return undefined;
  return { ...manifest, bundles };
}

/** Builds of other inputs (each several hundred MB) go, unless touched lately. */
function pruneOthers(platformDir: string, keep: string): void {
  for (const entry of readdirSync(platformDir, { withFileTypes: true })) {
    const path = join(platformDir, entry.name);
    if (!entry.isDirectory() || entry.name === keep || entry.name.endsWith('.lock')) continue;
    if (Date.now() - statSync(path).mtimeMs > KEEP_RECENT_MS) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * The bundles of `only` (default: every Lambda): an earlier build of the same inputs if there is one,
 * else built now (a minute or two on two cores; CDK prints esbuild's and npm's output). Each set of
 * inputs gets a folder of its own, so a build never pulls a bundle from under another process.
 */
export function ensureBundles(opts: {
  platform: BundlePlatform;
  only?: readonly LambdaName[];
  /** Build even when a reusable build exists. */
  force?: boolean;
}): Bundles {
  const inputs = inputsHash(opts.platform);
  const platformDir = join(BUNDLES_ROOT, opts.platform);
  const dir = join(platformDir, inputs.slice(0, 16));
  const manifestFile = join(dir, 'bundles.json');
  const reuse = () => {
    const found = !opts.force && reusable(manifestFile, opts.only);
    // Touched, so a build of other inputs in another process does not prune it as stale.
    if (found) utimesSync(dir, new Date(), new Date());
    return found
      ? { platform: opts.platform, bundles: found.bundles, reused: true, buildSeconds: found.buildSeconds }
      : undefined;
  };
  const early = reuse();
  if (early) return early;
  mkdirSync(platformDir, { recursive: true });
  return withLock(`${dir}.lock`, () => {
    // Another process may have built these inputs while this one waited.
    const built = reuse();
    if (built) return built;
    rmSync(manifestFile, { force: true });
    const started = Date.now();
    const bundles = synthBundles({ platform: opts.platform, outdir: join(dir, 'cdk.out'), only: opts.only });
    const buildSeconds = (Date.now() - started) / 1000;
    const manifest: Manifest = { inputs, buildSeconds, bundles };
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    pruneOthers(platformDir, inputs.slice(0, 16));
    return { platform: opts.platform, bundles, reused: false, buildSeconds };
  });
}

/**
 * ensureBundles in a child process: bundling runs esbuild and npm synchronously for a minute or two,
 * which would stall a test worker's event loop (and its reports to vitest) all that time.
 */
export async function ensureBundlesInChild(platform: BundlePlatform): Promise<Bundles> {
  const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
  const bin = join(REPO_ROOT, 'node_modules/.bin');
  const child = spawn(tsx, [fileURLToPath(import.meta.url), platform], {
    cwd: REPO_ROOT,
    // npm's bin folder first, as under `npm run`: CDK finds esbuild there, and the project's Node.
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  const line = output.split('\n').find((l) => l.startsWith('BUNDLES '));
  if (code !== 0 || !line)
    throw new Error(`Building the ${platform} bundles failed (exit ${code}):\n${output}`);
  return JSON.parse(line.slice('BUNDLES '.length));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const platform = process.argv[2] as BundlePlatform;
  process.stdout.write(`BUNDLES ${JSON.stringify(ensureBundles({ platform }))}\n`);
}
