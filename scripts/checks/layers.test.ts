/** Keeps the layer direction of ARCHITECTURE.md §2 honest: a forbidden import fails the build. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

/** Resolves a relative specifier to a repo path so folder rules can be checked. */
function target(file: string, spec: string): string {
  if (spec.startsWith('@shared/')) return `shared/${spec.slice(8)}`;
  if (spec.startsWith('.')) return relative(root, join(root, file, '..', spec));
  return spec;
}

const rules: { layer: string; forbidden: RegExp; why: string }[] = [
  {
    layer: 'shared',
    forbidden: /^(functions|frontend|infra|scripts)\/|^@aws-sdk|^react|^node:|^sharp|^stripe/,
    why: 'shared/ is pure and runs in the browser',
  },
  {
    layer: 'functions/core',
    forbidden: /^functions\/(adapters|handlers)\/|^@aws-sdk|^sharp|^stripe|^@vladmandic|^frontend\//,
    why: 'use cases talk to ports only',
  },
  {
    layer: 'functions/adapters',
    forbidden: /^functions\/handlers\/|^frontend\//,
    why: 'adapters do not know handlers',
  },
  {
    layer: 'frontend/src',
    forbidden: /^(functions|infra|scripts)\/|^@aws-sdk|^sharp/,
    why: 'the browser reaches the backend only through the API',
  },
];

describe('layer direction', () => {
  for (const rule of rules) {
    it(`${rule.layer}: ${rule.why}`, () => {
      const violations = sourceFiles(rule.layer).flatMap((file) =>
        importsOf(file)
          .map((spec) => target(file, spec))
          .filter((t) => rule.forbidden.test(t))
          .map((t) => `${file} -> ${t}`),
      );
      expect(violations).toEqual([]);
    });
  }
});
