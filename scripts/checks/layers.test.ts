/**
 * Keeps the layers enforced: the rules live in .dependency-cruiser.mjs,
 * dependency-cruiser checks them, and a fixture tree proves each rule still reports what it forbids.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLayers, importsOf } from './dependency-graph';
import { loadRules, repoRoot, repoSources } from './layers';

describe('layer rules (.dependency-cruiser.mjs)', () => {
  it('the repo breaks none of them', async () => {
    const result = await checkLayers(repoRoot, repoSources, await loadRules());
    expect(result.violations).toEqual([]);
    // The cruise saw the code, not an empty tree.
    expect(result.modulesCruised).toBeGreaterThan(200);
  }, 120_000);

  describe('they bite', () => {
    const fixture = mkdtempSync(join(tmpdir(), 'layers-fixture-'));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));

    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@shared/*': ['./shared/*'] } } }),
      'package.json': JSON.stringify({ name: 'fixture', type: 'module' }),
      // Allowed edges: an alias into shared/, zod, a feature's own files, lib/, components/.
      'shared/price.ts': "import { z } from 'zod';\nexport const price = z.number();\n",
      'frontend/src/lib/format.ts': "import { price } from '@shared/price';\nexport const f = price;\n",
      'frontend/src/components/Card.tsx': "import { f } from '../lib/format';\nexport const Card = f;\n",
      'frontend/src/features/a/A.tsx':
        "import { Card } from '../../components/Card';\nimport { helper } from './helper';\n" +
        "import { b } from '../b/B';\nexport const A = [Card, helper, b];\n",
      'frontend/src/features/a/helper.ts': 'export const helper = 1;\n',
      'frontend/src/features/b/B.tsx': "import { App } from '../../app/App';\nexport const b = App;\n",
      'frontend/src/app/App.tsx': "import { A } from '../features/a/A';\nexport const App = A;\n",
      // A cycle closed by a lazy import, and one closed by a type-only import.
      'frontend/src/lib/api.ts': "import { token } from './auth';\nexport const api = () => token;\n",
      'frontend/src/lib/auth.ts': "export const token = 't';\nexport const load = () => import('./api');\n",
      'frontend/src/lib/store.ts': "import type { View } from './view';\nexport const store: View[] = [];\n",
      'frontend/src/lib/view.ts': "import { store } from './store';\nexport type View = typeof store;\n",
      'frontend/src/lib/uses-feature.ts':
        "import { helper } from '../features/a/helper';\nexport const x = helper;\n",
      'frontend/src/lib/node-in-browser.ts':
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      'frontend/src/lib/missing.ts': "import { gone } from './gone';\nexport const m = gone;\n",
      'shared/impure.ts':
        "import { createHash } from 'node:crypto';\nimport type { Port } from '../functions/core/port';\n" +
        'export const h: Port = createHash;\n',
      'functions/core/port.ts': 'export type Port = unknown;\n',
      'functions/core/use-case.ts':
        "import { S3Client } from '@aws-sdk/client-s3';\nimport { store } from '../adapters/store';\n" +
        'export const u = [S3Client, store];\n',
      'functions/adapters/store.ts':
        "import { handler } from '../handlers/handler';\nexport const store = handler;\n",
      'functions/handlers/handler.ts':
        "import { u } from '../core/use-case';\nexport const handler = () => u;\n",
      'functions/adapters/judge.ts':
        "import { runSimulation } from '@cloud-copilot/iam-simulate';\nexport const j = runSimulation;\n",
      'functions/handlers/builds-deps.ts':
        "import { store } from '../adapters/store';\nexport const h = store;\n",
      'functions/lambda/entry.ts':
        "import { handler } from '../handlers/handler';\nexport const e = handler;\n",
      'functions/core/use-case.test.ts':
        "import { store } from '../adapters/store';\nimport { e } from '../lambda/entry';\nexport const t = [store, e];\n",
      'shared/price.test.ts': "import { u } from '../functions/core/use-case';\nexport const t = u;\n",
      // The image engine package: on its own, and used only behind the adapters.
      'functions/image-engine/src/knows-core.ts':
        "import type { Port } from '../../core/port';\nexport type Engine = Port;\n",
      'functions/handlers/draws.ts':
        "import { createSceneLibrary } from '@little-futures/image-engine/scenes';\nexport const d = createSceneLibrary;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }
    symlinkSync(join(repoRoot, 'node_modules'), join(fixture, 'node_modules'));

    it('reports every forbidden edge and every cycle of a small tree, file -> file, with the rule', async () => {
      const result = await checkLayers(fixture, ['shared', 'functions', 'frontend'], await loadRules());
      expect([...result.violations].sort()).toEqual(
        [
          'shared-is-pure: shared/impure.ts -> crypto',
          'shared-is-pure: shared/impure.ts -> functions/core/port.ts',
          'core-talks-to-ports: functions/core/use-case.ts -> node_modules/@aws-sdk/client-s3/dist-types/index.d.ts',
          'core-talks-to-ports: functions/core/use-case.ts -> functions/adapters/store.ts',
          'adapters-never-handlers: functions/adapters/store.ts -> functions/handlers/handler.ts',
          'handlers-get-their-deps: functions/handlers/builds-deps.ts -> functions/adapters/store.ts',
          'iam-simulator-stays-local: functions/adapters/judge.ts -> node_modules/@cloud-copilot/iam-simulate/dist/esm/index.js',
          'core-tests-run-over-fakes: functions/core/use-case.test.ts -> functions/adapters/store.ts',
          'core-tests-run-over-fakes: functions/core/use-case.test.ts -> functions/lambda/entry.ts',
          'nothing-imports-a-lambda-entry: functions/core/use-case.test.ts -> functions/lambda/entry.ts',
          'shared-tests-stay-in-shared: shared/price.test.ts -> functions/core/use-case.ts',
          'feature-is-an-island: frontend/src/features/a/A.tsx -> frontend/src/features/b/B.tsx',
          'features-never-import-app: frontend/src/features/b/B.tsx -> frontend/src/app/App.tsx',
          'building-blocks-never-import-features-or-app: frontend/src/lib/uses-feature.ts -> frontend/src/features/a/helper.ts',
          'browser-has-no-node-builtins: frontend/src/lib/node-in-browser.ts -> fs',
          'every-import-resolves: frontend/src/lib/missing.ts -> ./gone',
          'image-engine-stands-alone: functions/image-engine/src/knows-core.ts -> functions/core/port.ts',
          'image-engine-behind-the-adapters: functions/handlers/draws.ts -> node_modules/@little-futures/image-engine/api/scenes.ts',
          // Each cycle once: the lazy one (api <-> auth), the type-only one, and two across layers.
          'no-cycles: frontend/src/lib/api.ts -> frontend/src/lib/auth.ts -> frontend/src/lib/api.ts',
          'no-cycles: frontend/src/lib/store.ts -> frontend/src/lib/view.ts -> frontend/src/lib/store.ts',
          'no-cycles: functions/adapters/store.ts -> functions/handlers/handler.ts -> functions/core/use-case.ts -> functions/adapters/store.ts',
          'no-cycles: frontend/src/app/App.tsx -> frontend/src/features/a/A.tsx -> frontend/src/features/b/B.tsx -> frontend/src/app/App.tsx',
        ].sort(),
      );
    }, 60_000);
  });
});

describe('importsOf (what the cruiser is told a module imports)', () => {
  it('sees static, type-only, re-exported, lazy and required imports, and ignores computed ones', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "import './side-effect.css';",
      "export { d } from './d';",
      "export * from './e';",
      "export type { F } from './f';",
      "const g = await import('./g');",
      "const h = require('h');",
      "type I = typeof import('./i');",
      "const j = await import('./' + name);",
      'const k: B = a as unknown as C;',
    ].join('\n');
    expect(importsOf('module.ts', source)).toEqual([
      { specifier: './a', kind: 'import' },
      { specifier: './b', kind: 'type-import' },
      { specifier: './c', kind: 'type-import' },
      { specifier: './side-effect.css', kind: 'import' },
      { specifier: './d', kind: 'export' },
      { specifier: './e', kind: 'export' },
      { specifier: './f', kind: 'type-export' },
      { specifier: './g', kind: 'dynamic-import' },
      { specifier: 'h', kind: 'require' },
      { specifier: './i', kind: 'type-import' },
    ]);
  });

  it('refuses a file it cannot parse rather than report it as importing nothing', () => {
    expect(() => importsOf('broken.ts', 'import { from ;')).toThrow(/broken.ts does not parse/);
  });
});
