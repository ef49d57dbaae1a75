import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneCommands } from './bundle-prune';

/** Writes files (path → content) under root, creating their folders. */
function write(root: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** Every file and link under dir, relative to it, sorted. */
function list(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const pkg = (main?: string) => JSON.stringify({ name: 'x', version: '1.0.0', ...(main ? { main } : {}) });

describe('pruneCommands: the installed packages cut down to what Node loads', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('keeps package.json, licence, main, the wasm binaries, face-api models and nested node_modules', () => {
    root = mkdtempSync(join(tmpdir(), 'bundle-prune-'));
    // As in a bundle: under a node_modules folder (here in a folder whose name needs quoting).
    const nodeModules = join(root, "asset 'x'", 'node_modules');
    write(nodeModules, {
      '@tensorflow/tfjs/package.json': pkg('dist/tf.node.js'),
      '@tensorflow/tfjs/dist/tf.node.js': 'main',
      '@tensorflow/tfjs/dist/tf.min.js': 'browser',
      '@tensorflow/tfjs/dist/miniprogram/index.js': 'browser',
      '@tensorflow/tfjs/src/index.ts': 'source',
      '@tensorflow/tfjs/tools/custom_module/cli.js': 'cli',
      '@tensorflow/tfjs-core/package.json': pkg('./dist/tf-core.node.js'),
      '@tensorflow/tfjs-core/dist/tf-core.node.js': 'main',
      '@tensorflow/tfjs-core/dist/ops/add.js': 'esm module',
      '@tensorflow/tfjs-core/node_modules/long/package.json': pkg('index.js'),
      '@tensorflow/tfjs-core/node_modules/long/index.js': 'a nested dependency',
      '@tensorflow/tfjs-core/node_modules/long/dist/long.js': 'a nested dependency',
      '@tensorflow/tfjs-backend-wasm/package.json': pkg('dist/tf-backend-wasm.node.js'),
      '@tensorflow/tfjs-backend-wasm/LICENSE': 'licence',
      '@tensorflow/tfjs-backend-wasm/dist/tf-backend-wasm.node.js': 'main',
      '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm': 'wasm',
      '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm': 'wasm',
      '@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm.js': 'build output',
      // A main that does not exist: the package is left whole rather than guessed at.
      '@tensorflow/tfjs-odd/package.json': pkg('dist/missing.js'),
      '@tensorflow/tfjs-odd/dist/other.js': 'kept',
      '@vladmandic/face-api/package.json': pkg('dist/face-api.node.js'),
      '@vladmandic/face-api/LICENSE': 'licence',
      '@vladmandic/face-api/dist/face-api.node.js': 'main',
      '@vladmandic/face-api/dist/face-api.node-wasm.js': 'loaded by face-detector.ts',
      '@vladmandic/face-api/dist/face-api.esm.js': 'browser',
      '@vladmandic/face-api/demo/index.html': 'demo',
      '@vladmandic/face-api/model/ssd_mobilenetv1_model.bin': 'weights',
      '@vladmandic/face-api/model/ssd_mobilenetv1_model-weights_manifest.json': 'manifest',
      'sharp/package.json': pkg('lib/index.js'),
      'sharp/lib/index.js': 'untouched',
      'sharp/lib/other.js': 'untouched',
    });
    mkdirSync(join(nodeModules, '.bin'));
    symlinkSync(
      '../@tensorflow/tfjs/tools/custom_module/cli.js',
      join(nodeModules, '.bin/tfjs-custom-module'),
    );
    symlinkSync('../sharp/lib/index.js', join(nodeModules, '.bin/still-there'));

    // The hook joins its commands with && and runs them with bash, as here.
    execFileSync('bash', ['-c', pruneCommands(nodeModules).join(' && ')]);

    expect(list(nodeModules)).toEqual(
      [
        '.bin/still-there',
        '@tensorflow/tfjs-backend-wasm/LICENSE',
        '@tensorflow/tfjs-backend-wasm/dist/tf-backend-wasm.node.js',
        '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm',
        '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm',
        '@tensorflow/tfjs-backend-wasm/package.json',
        '@tensorflow/tfjs-core/dist/tf-core.node.js',
        '@tensorflow/tfjs-core/node_modules/long/dist/long.js',
        '@tensorflow/tfjs-core/node_modules/long/index.js',
        '@tensorflow/tfjs-core/node_modules/long/package.json',
        '@tensorflow/tfjs-core/package.json',
        '@tensorflow/tfjs-odd/dist/other.js',
        '@tensorflow/tfjs-odd/package.json',
        '@tensorflow/tfjs/dist/tf.node.js',
        '@tensorflow/tfjs/package.json',
        '@vladmandic/face-api/LICENSE',
        '@vladmandic/face-api/dist/face-api.node-wasm.js',
        '@vladmandic/face-api/dist/face-api.node.js',
        '@vladmandic/face-api/model/ssd_mobilenetv1_model-weights_manifest.json',
        '@vladmandic/face-api/model/ssd_mobilenetv1_model.bin',
        '@vladmandic/face-api/package.json',
        'sharp/lib/index.js',
        'sharp/lib/other.js',
        'sharp/package.json',
      ].sort(),
    );
    // Emptied folders go too.
    expect(readdirSync(join(nodeModules, '@tensorflow/tfjs'))).toEqual(['dist', 'package.json']);
    expect(readdirSync(join(nodeModules, '@tensorflow/tfjs/dist'))).toEqual(['tf.node.js']);
  });

  it('does nothing, and succeeds, when none of the pruned packages is installed', () => {
    root = mkdtempSync(join(tmpdir(), 'bundle-prune-'));
    write(root, {
      'node_modules/sharp/package.json': pkg('lib/index.js'),
      'node_modules/sharp/lib/index.js': 'x',
    });
    execFileSync('bash', ['-c', pruneCommands(join(root, 'node_modules')).join(' && ')]);
    expect(list(join(root, 'node_modules'))).toEqual(['sharp/lib/index.js', 'sharp/package.json']);
  });
});
