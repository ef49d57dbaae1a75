/**
 * Each Lambda installs beside its bundle exactly the native packages (and model folders) its entry
 * loads: a package it loads but does not list would be missing at run time (or bundled without its
 * binary), one it lists but never loads only makes the function bigger and slower to start. The
 * entries are bundled as NodejsFunction bundles them (app-function.ts) with every image package
 * external; the packages are what the bundled modules import or require at run time (createRequire),
 * and what those packages themselves require.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { GROUP_BUNDLE_FOLDERS, GROUP_NODE_MODULES, routeGroups } from './constructs/api';
import { IMAGE_NODE_MODULES, REPO_ROOT } from './constructs/app-function';
import { PACK_WORKER_NODE_MODULES } from './constructs/pack-pipeline';
import { RENDER_WORKER_BUNDLE_FOLDERS, RENDER_WORKER_NODE_MODULES } from './constructs/render-pipeline';

type Shipped = { nodeModules: string[]; bundleFolders: Record<string, string> };

/** Modules that read a folder beside the bundle, and that folder (bundle name → repository path). */
const FOLDER_READERS: Record<string, Record<string, string>> = {
  'functions/image-engine/src/background/model-dir.ts': {
    'selfie-model': 'functions/image-engine/src/background/model',
  },
};

const groups: readonly string[] = routeGroups();

function configured(lambda: LambdaName): Shipped {
  if (lambda === 'render-worker')
    return { nodeModules: RENDER_WORKER_NODE_MODULES, bundleFolders: RENDER_WORKER_BUNDLE_FOLDERS };
  if (lambda === 'pack-worker') return { nodeModules: PACK_WORKER_NODE_MODULES, bundleFolders: {} };
  if (!groups.includes(lambda)) throw new Error(`${lambda} is neither a route group nor a worker`);
  const group = lambda as keyof typeof GROUP_NODE_MODULES;
  return { nodeModules: GROUP_NODE_MODULES[group] ?? [], bundleFolders: GROUP_BUNDLE_FOLDERS[group] ?? {} };
}

const packageOf = (specifier: string) =>
  IMAGE_NODE_MODULES.find((name) => specifier === name || specifier.startsWith(`${name}/`));

/** `require('x')`, `require.resolve('x/…')`, `createRequire(…)('x')`, `import('x')`; no `typeof import`. */
const LOADS = /(?<!typeof\s)(?:\brequire|\bresolve|\bimport|\))\s*\(\s*['"]([^'"]+)['"]\s*,?\s*\)/g;

function loadedBy(text: string): string[] {
  return [...text.matchAll(LOADS)].map((match) => match[1]).filter((specifier) => packageOf(specifier));
}

const requireFromRepo = createRequire(join(REPO_ROOT, 'package.json'));

/** The packages behind these specifiers, and the image packages their own entry files require. */
function packagesOf(specifiers: Iterable<string>): string[] {
  const packages = new Set<string>();
  const queue = [...specifiers];
  const seen = new Set<string>();
  while (queue.length) {
    const specifier = queue.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    const name = packageOf(specifier)!;
    packages.add(name);
    const file = requireFromRepo.resolve(specifier);
    if (!/\.[cm]?js$/.test(file)) continue;
    queue.push(...loadedBy(readFileSync(file, 'utf8')).filter((other) => packageOf(other) !== name));
  }
  return [...packages].sort();
}

function shippedFor(metafile: Metafile): Shipped {
  const specifiers = new Set<string>();
  const bundleFolders: Record<string, string> = {};
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.external && packageOf(imported.path)) specifiers.add(imported.path);
    }
    if (file.includes('node_modules/')) continue;
    for (const specifier of loadedBy(readFileSync(join(REPO_ROOT, file), 'utf8'))) specifiers.add(specifier);
    Object.assign(bundleFolders, FOLDER_READERS[file]);
  }
  return { nodeModules: packagesOf(specifiers), bundleFolders };
}

async function bundle(lambda: LambdaName): Promise<Metafile> {
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [`functions/lambda/${lambda}.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    tsconfig: join(REPO_ROOT, 'tsconfig.json'),
    external: IMAGE_NODE_MODULES,
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

describe('Lambda bundles', () => {
  it('read their model folders where the repository keeps them', () => {
    for (const [reader, folders] of Object.entries(FOLDER_READERS)) {
      for (const [name, from] of Object.entries(folders)) {
        expect(readFileSync(join(REPO_ROOT, reader), 'utf8')).toContain(`'${name}'`);
        expect(existsSync(join(REPO_ROOT, from))).toBe(true);
      }
    }
  });

  it.each(LAMBDA_NAMES)(
    '%s installs exactly the native packages and model folders its entry loads',
    async (lambda) => {
      const wanted = configured(lambda);
      expect(shippedFor(await bundle(lambda))).toEqual({
        nodeModules: [...wanted.nodeModules].sort(),
        bundleFolders: wanted.bundleFolders,
      });
    },
  );
});
