/**
 * Runs dependency-cruiser's rules (.dependency-cruiser.mjs) over the TypeScript of the repo.
 *
 * Why a shadow tree: dependency-cruiser 17 reads TypeScript only through `typescript` < 7 or
 * `@swc/core`, and this repo builds with TypeScript 7 (the Go compiler, no JS compiler API). So oxc,
 * the parser vite builds with (its `parseSync`), lists each file's imports, and a temporary copy of the tree
 * holds, under the same file names, one plain JavaScript line per import. dependency-cruiser then
 * resolves (tsconfig paths, node_modules, node builtins), checks the rules and finds the cycles as
 * it would on the real files, and reports the real paths. Type-only imports are kept as imports on
 * purpose: a type still ties one layer to another, and a cycle through types is a cycle in the design.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import { parseSync, Visitor } from 'vite';

export type ImportKind = 'import' | 'type-import' | 'export' | 'type-export' | 'dynamic-import' | 'require';
export interface ImportRef {
  specifier: string;
  kind: ImportKind;
}

const codeExtensions = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
const skippedFolders = new Set(['node_modules', 'dist', 'cdk.out', '.local', 'coverage', 'test-results']);

/** Every import a module makes, read by a real TypeScript parser (no regex): static, re-export, type-only, lazy, require. */
export function importsOf(fileName: string, source: string): ImportRef[] {
  const parsed = parseSync(fileName, source);
  if (parsed.errors.length > 0) {
    throw new Error(`${fileName} does not parse: ${parsed.errors.map((e) => e.message).join('; ')}`);
  }
  const refs: ImportRef[] = [];
  const literal = (node: unknown): string | undefined => {
    const candidate = node as { type?: string; value?: unknown } | null;
    return candidate?.type === 'Literal' && typeof candidate.value === 'string' ? candidate.value : undefined;
  };
  new Visitor({
    ImportDeclaration(node) {
      const typeOnly =
        node.importKind === 'type' ||
        (node.specifiers.length > 0 &&
          node.specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type'));
      refs.push({ specifier: node.source.value, kind: typeOnly ? 'type-import' : 'import' });
    },
    ExportNamedDeclaration(node) {
      if (node.source)
        refs.push({
          specifier: node.source.value,
          kind: node.exportKind === 'type' ? 'type-export' : 'export',
        });
    },
    ExportAllDeclaration(node) {
      refs.push({
        specifier: node.source.value,
        kind: node.exportKind === 'type' ? 'type-export' : 'export',
      });
    },
    ImportExpression(node) {
      const specifier = literal(node.source);
      if (specifier) refs.push({ specifier, kind: 'dynamic-import' });
    },
    TSImportType(node) {
      const specifier = literal((node as unknown as { source?: unknown }).source);
      if (specifier) refs.push({ specifier, kind: 'type-import' });
    },
    CallExpression(node) {
      const specifier = literal(node.arguments[0]);
      if (specifier && node.callee.type === 'Identifier' && node.callee.name === 'require') {
        refs.push({ specifier, kind: 'require' });
      }
    },
  }).visit(parsed.program);
  return refs;
}

/** The JavaScript line dependency-cruiser's own parser reads for one import. */
function shadowLine({ specifier, kind }: ImportRef): string {
  const quoted = JSON.stringify(specifier);
  if (kind === 'export' || kind === 'type-export') return `export * from ${quoted};`;
  if (kind === 'dynamic-import') return `import(${quoted});`;
  if (kind === 'require') return `require(${quoted});`;
  return `import ${quoted};`;
}

/** Repo-relative files under `path` (a folder or a single file). */
function walk(root: string, path: string): string[] {
  const here = join(root, path);
  if (!existsSync(here)) return [];
  if (!statSync(here).isDirectory()) return [path];
  return readdirSync(here, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : walk(root, `${path}/${entry.name}`);
    return entry.isFile() ? [`${path}/${entry.name}`] : [];
  });
}

export interface LayerCheck {
  /** One readable line per broken rule: `rule: from -> to` or `rule: a -> b -> a`. */
  violations: string[];
  modulesCruised: number;
  milliseconds: number;
}

export interface DependencyCruiserConfig {
  forbidden: NonNullable<ICruiseOptions['ruleSet']>['forbidden'];
  options?: ICruiseOptions;
}

/**
 * Cruises `sources` (folders or files under `root`, repo-relative) with `config`.
 * The tree's package.json, tsconfig.json and node_modules are the ones in `root`.
 */
export async function checkLayers(
  root: string,
  sources: string[],
  config: DependencyCruiserConfig,
): Promise<LayerCheck> {
  const started = performance.now();
  const shadow = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    const files = sources.flatMap((source) => walk(root, source));
    const modules: string[] = [];
    for (const file of files) {
      const target = join(shadow, file);
      mkdirSync(dirname(target), { recursive: true });
      if (codeExtensions.has(extname(file))) {
        const refs = importsOf(file, readFileSync(join(root, file), 'utf8'));
        writeFileSync(target, refs.map(shadowLine).join('\n'));
        modules.push(file);
      } else if (file.endsWith('/package.json')) {
        // A workspace package's manifest, as it is: its "exports" map is how its imports resolve.
        copyFileSync(join(root, file), target);
      } else {
        // Stylesheets, images, JSON: present (empty) so their imports resolve, never parsed.
        writeFileSync(target, '');
      }
    }
    if (existsSync(join(root, 'package.json')))
      copyFileSync(join(root, 'package.json'), join(shadow, 'package.json'));
    const tsConfigName = config.options?.tsConfig?.fileName;
    if (tsConfigName) writeShadowTsConfig(join(root, tsConfigName), join(shadow, tsConfigName));
    if (existsSync(join(root, 'node_modules')))
      symlinkSync(join(root, 'node_modules'), join(shadow, 'node_modules'));

    const result = await cruise(
      modules,
      {
        ...config.options,
        ruleSet: { forbidden: config.forbidden },
        baseDir: shadow,
        // node_modules is a link into the real tree: keep the paths as the rules see them.
        preserveSymlinks: true,
        // The tsconfig paths (@shared/*) are read from the copy, so they point into the shadow tree.
        tsConfig: tsConfigName ? { fileName: join(shadow, tsConfigName) } : undefined,
        validate: true,
      },
      {},
      // Tells the tsconfig-paths resolver that the tsconfig has a baseUrl (the shadow tree's root);
      // without one it would read the paths relative to the working directory, into the real files.
      { tsConfig: { options: { baseUrl: shadow } } },
    );
    if (typeof result.output === 'string')
      throw new Error('dependency-cruiser returned a report, not a result');
    return {
      violations: result.output.summary.violations.map(describe),
      modulesCruised: modules.length,
      milliseconds: Math.round(performance.now() - started),
    };
  } finally {
    rmSync(shadow, { recursive: true, force: true });
  }
}

/** The tsconfig's path aliases (`@shared/*`), anchored at the shadow tree's root. */
function writeShadowTsConfig(from: string, to: string): void {
  const { compilerOptions } = JSON.parse(readFileSync(from, 'utf8')) as {
    compilerOptions?: { paths?: object };
  };
  writeFileSync(
    to,
    JSON.stringify({ compilerOptions: { baseUrl: '.', paths: compilerOptions?.paths ?? {} } }),
  );
}

function describe(violation: IViolation): string {
  if (violation.cycle && violation.cycle.length > 0) {
    return `${violation.rule.name}: ${[violation.from, ...violation.cycle.map((step) => step.name)].join(' -> ')}`;
  }
  return `${violation.rule.name}: ${violation.from} -> ${violation.to}`;
}
