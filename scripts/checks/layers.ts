/** `npm run lint:deps`: checks the layer rules of .dependency-cruiser.mjs and prints what breaks them. */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkLayers, type DependencyCruiserConfig } from './dependency-graph';

export const repoRoot = join(import.meta.dirname, '..', '..');
/** Every folder of the repo that holds code, and the root configs that import from it. */
export const repoSources = [
  'shared',
  'functions',
  'infra',
  'scripts',
  'frontend',
  'vite.config.ts',
  'vitest.config.ts',
];

export async function loadRules(): Promise<DependencyCruiserConfig> {
  const module = await import(pathToFileURL(join(repoRoot, '.dependency-cruiser.mjs')).href);
  return module.default as DependencyCruiserConfig;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rules = await loadRules();
  const result = await checkLayers(repoRoot, repoSources, rules);
  for (const line of result.violations) console.log(line);
  // Why each broken rule exists, once.
  const broken = new Set(result.violations.map((line) => line.slice(0, line.indexOf(':'))));
  for (const rule of rules.forbidden ?? []) {
    if (broken.has(rule.name ?? '')) console.log(`\n${rule.name}: ${rule.comment}`);
  }
  console.log(
    `layers: ${result.violations.length} violation(s) in ${result.modulesCruised} modules, ${result.milliseconds} ms`,
  );
  process.exitCode = result.violations.length > 0 ? 1 : 0;
}
