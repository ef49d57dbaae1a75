/**
 * Synthesizing the stack costs seconds on every start; the extracted policies are kept on disk,
 * keyed by a hash of every source file the synthesis reads (the import graph from stack-policies.ts:
 * infra/, shared/, the functions/ files infra imports, this folder) and of package-lock.json (the
 * CDK version). Any edit to one of them changes the key, so a stale policy is never used.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';

const IMPORT_SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts'];

function resolveSource(specifier: string, fromFile: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@shared/')) base = path.join(REPO_ROOT, 'shared', specifier.slice(8));
  else return undefined; // a package: package-lock.json stands for it
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find((file) => existsSync(file));
}

/** Every repository source file `entry` imports, transitively, itself included (test files never). */
function sourceClosure(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(IMPORT_SPECIFIERS)) {
      const resolved = resolveSource(specifier, file);
      if (resolved && !seen.has(resolved)) pending.push(resolved);
    }
  }
  return [...seen].sort();
}

export function sourcesHash(entry: string): string {
  const hash = createHash('sha256');
  for (const file of [...sourceClosure(entry), path.join(REPO_ROOT, 'package-lock.json')]) {
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * The cached value for `key` in `dir`, or what `compute` makes (then stored, replacing older keys).
 * Written to a temporary name and renamed: parallel starts never read half a file.
 */
export async function cached<T>(
  dir: string,
  key: string,
  compute: () => Promise<T>,
): Promise<{ value: T; hit: boolean }> {
  const file = path.join(dir, `${key}.json`);
  if (existsSync(file)) {
    try {
      return { value: JSON.parse(readFileSync(file, 'utf8')) as T, hit: true };
    } catch {
      // Unreadable: made again below.
    }
  }
  const value = await compute();
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) if (old.endsWith('.json')) rmSync(path.join(dir, old), { force: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(value));
  renameSync(temporary, file);
  return { value, hit: false };
}
