/**
 * Shell commands (run by AppFunction's afterBundling hook, with bash) that cut installed packages down
 * to the files Node loads from them. @tensorflow/* ship every build of their code side by side in
 * dist/ (tf.js, tf.min.js, tf.es2017.js, tf.fesm.js, miniprogram/, one ESM file per module, tests)
 * and face-api adds its browser builds, demo and sources: ~75 MB of the image Lambdas' ~150 MB.
 *
 * Safe by construction: a pruned package keeps its package.json, its licence, its `main` file and
 * the `keep` paths below, and its own nested node_modules stay untouched. Each kept `main` is a
 * single rollup bundle that only requires other packages by name (never a file of its own package),
 * so resolving and loading it works as before. A package whose `main` file is missing is left whole.
 * scripts/bundle/boot.int.test.ts loads the pruned bundles and runs face-api on them.
 */

export type PruneRule = {
  /** Package folder(s) under node_modules; a shell glob. */
  packages: string;
  /** Paths inside the package kept besides package.json, licence and `main`, as `find -path` globs. */
  keep: string[];
};

export const PRUNE_RULES: PruneRule[] = [
  {
    // tfjs, -core, -backend-cpu, -backend-webgl (required by tfjs's main at load time, so it stays
    // installed, but only its main), -converter, -data, -layers, -backend-wasm.
    packages: '@tensorflow/*',
    // tfjs-backend-wasm's main fetches its binaries from dist by path (face-detector.ts's
    // setWasmPaths); which one depends on the CPU's SIMD and thread support, so all stay.
    keep: ['dist/*.wasm'],
  },
  {
    packages: '@vladmandic/face-api',
    // face-detector.ts requires the node-wasm build directly (main is the tfjs-node one) and loads
    // the models from model/; demo/, src/, types/ and the browser builds go.
    keep: ['dist/face-api.node-wasm.js', 'model/*'],
  },
];

/** Quotes a string for bash (single quotes; an embedded ' closed, escaped and reopened). */
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** The commands pruning `nodeModulesDir` by `rules`; packages that are not installed are skipped. */
export function pruneCommands(nodeModulesDir: string, rules: PruneRule[] = PRUNE_RULES): string[] {
  const prune = rules.map((rule) => {
    const keep = rule.keep.map((path) => `! -path ${quote(`./${path}`)}`).join(' ');
    return [
      `for pkg in ${quote(nodeModulesDir)}/${rule.packages}`,
      'do [ -f "$pkg/package.json" ] || continue',
      // `main` as a path relative to the package ("./dist/x.js" → "dist/x.js"; none → index.js).
      `main=$(cd "$pkg" && node -p 'require("node:path").normalize(require("./package.json").main || "index.js")')`,
      '[ -f "$pkg/$main" ] || continue',
      `(cd "$pkg" && find . -path ./node_modules -prune -o -type f ! -name package.json ! -iname 'licen[cs]e*' ! -path "./$main" ${keep} -exec rm -f {} +)`,
      `(cd "$pkg" && find . -depth -type d -empty ! -path './node_modules/*' -delete)`,
      'done',
    ].join('; ');
  });
  // npm links the packages' command-line tools into .bin (tfjs's tfjs-custom-module); links left
  // dangling by the prune would break the asset's zip, and no Lambda runs them.
  // In parentheses: the hook joins its commands with &&, which `|| true` must not swallow.
  const danglingBins = `(find ${quote(`${nodeModulesDir}/.bin`)} -type l ! -exec test -e {} \\; -delete 2>/dev/null || true)`;
  return [...prune, danglingBins];
}
