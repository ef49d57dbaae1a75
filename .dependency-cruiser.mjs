/**
 * The layers (frontend -> shared; handlers -> core -> shared; adapters -> core ports; infra -> shared
 * and the Lambda entry points), as rules a build can fail on.
 *
 * Checked by scripts/checks/layers.test.ts (inside `npm test`) and by `npm run lint:deps`, which
 * prints the violations and the time taken. Run it through those: the plain `depcruise` CLI cannot
 * read this repo's TypeScript 7 on its own (see scripts/checks/dependency-graph.ts).
 * Paths are repo-relative; npm packages appear as node_modules/<name>/...
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment:
        'shared/ runs in the browser and in Lambdas alike: it imports nothing from Node, React, AWS or another ' +
        'top folder. Only shared/ itself and zod (and vitest in its tests).',
      severity: 'error',
      from: { path: '^shared/', pathNot: '[.]test[.]ts$' },
      to: { pathNot: ['^shared/', '^node_modules/zod/'] },
    },
    {
      name: 'shared-tests-stay-in-shared',
      comment:
        "shared/'s tests may use Node and test tools (a validator, package.json), but not another top folder.",
      severity: 'error',
      from: { path: '^shared/.+[.]test[.]ts$' },
      to: { path: '^(functions|frontend|infra|scripts)/' },
    },
    {
      name: 'core-talks-to-ports',
      comment:
        'functions/core holds the use cases and the ports they need; AWS, Stripe, sharp, face-api and the ' +
        'image AI providers live behind those ports in functions/adapters, wired by the handlers.',
      severity: 'error',
      from: { path: '^functions/core/', pathNot: '[.]test[.]ts$' },
      to: {
        path: [
          '^functions/(adapters|handlers|test-support|lambda|image-engine)/',
          '^(frontend|infra|scripts)/',
          '^node_modules/(@aws-sdk|@middy|@vladmandic|@tensorflow|sharp|stripe|replicate|aws-jwt-verify|@aws-lambda-powertools/metrics|@little-futures)/',
        ],
      },
    },
    {
      name: 'core-tests-run-over-fakes',
      comment:
        'Unit tests of the use cases run over the in-memory fakes of functions/test-support, never the real ' +
        'adapters (those are exercised by the *.int.test.ts files against the emulators).',
      severity: 'error',
      from: { path: '^functions/core/.+[.]test[.]ts$' },
      to: {
        path: [
          '^functions/(adapters|handlers|lambda|image-engine)/',
          '^(frontend|infra|scripts)/',
          '^node_modules/(@aws-sdk|@middy|@vladmandic|@tensorflow|stripe|replicate|aws-jwt-verify|@little-futures)/',
        ],
      },
    },
    {
      name: 'handlers-get-their-deps',
      comment:
        'A handler is built by create…Handler(deps): it calls core and never builds adapters itself. Only the ' +
        'composition roots build deps (functions/adapters/roots, one per Lambda): the Lambda entries ' +
        '(functions/lambda), the registry the local stack runs (functions/handlers/registry.ts) and the tests.',
      severity: 'error',
      from: {
        path: '^functions/handlers/',
        pathNot: ['[.]test[.]ts$', '^functions/handlers/registry[.]ts$'],
      },
      to: { path: ['^functions/(adapters|lambda|test-support)/', '^scripts/'] },
    },
    {
      name: 'registry-builds-through-roots',
      comment:
        "The registry builds each Lambda's deps as its entry does, through the Lambda's root and the " +
        'configuration, never from an adapter of its own choosing.',
      severity: 'error',
      from: { path: '^functions/handlers/registry[.]ts$' },
      to: {
        path: ['^functions/(adapters|lambda|test-support)/', '^scripts/'],
        pathNot: ['^functions/adapters/roots/', '^functions/adapters/config[.]ts$'],
      },
    },
    {
      name: 'image-engine-stands-alone',
      comment:
        'functions/image-engine is a package of its own (@little-futures/image-engine): pictures in, pictures ' +
        'out. It knows no use case, port, adapter or handler (the offline provider in functions/adapters/image ' +
        'fits it to the ImageAI port), only shared/ and its npm packages.',
      severity: 'error',
      from: { path: '^functions/image-engine/' },
      to: {
        path: ['^functions/(core|handlers|adapters|lambda|test-support)/', '^(frontend|infra|scripts)/'],
      },
    },
    {
      name: 'image-engine-behind-the-adapters',
      comment:
        'Only the adapters (and the scripts and browser tests) use the image engine: use cases reach it ' +
        'through the ImageAI port and the other ports it implements, wired by the composition roots.',
      severity: 'error',
      from: { path: '^(shared|infra|functions/(core|handlers|lambda|test-support))/' },
      to: { path: ['^functions/image-engine/', '^node_modules/@little-futures/image-engine/'] },
    },
    {
      name: 'nothing-imports-a-lambda-entry',
      comment:
        'functions/lambda/* build deps from the environment at import: only CDK bundles them, by path.',
      severity: 'error',
      from: {},
      to: { path: '^functions/lambda/' },
    },
    {
      name: 'adapters-never-handlers',
      comment: 'Adapters implement the ports of core; the handlers wire them, never the other way round.',
      severity: 'error',
      from: { path: '^functions/adapters/' },
      to: { path: ['^functions/handlers/', '^(frontend|infra)/'] },
    },
    {
      name: 'functions-never-frontend-or-infra',
      comment: 'Lambda code knows neither the browser app nor the CDK app that deploys it.',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(frontend|infra)/' },
    },
    {
      name: 'browser-reaches-backend-through-the-api',
      comment:
        'frontend/src runs in the browser: it reaches functions/ only through the API (shared/api.ts), ' +
        'and never bundles Node builtins, the AWS SDK or server-side image libraries.',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: {
        path: [
          '^(functions|infra|scripts)/',
          '^node_modules/(@aws-sdk|@middy|@aws-lambda-powertools|@vladmandic|@tensorflow|sharp|stripe|aws-cdk-lib)/',
        ],
      },
    },
    {
      name: 'browser-has-no-node-builtins',
      comment: 'node: modules do not exist in the browser.',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'feature-is-an-island',
      comment:
        'A feature (frontend/src/features/<f>) never imports another feature: what two features share ' +
        'moves down to components/ or lib/, and app/ composes them.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'features-never-import-app',
      comment: 'app/ (router, providers, layout) composes the features; a feature does not reach back up.',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'building-blocks-never-import-features-or-app',
      comment:
        'components/ and lib/ are the building blocks under the features: they know no feature and no app.',
      severity: 'error',
      from: { path: '^frontend/src/(components|lib)/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'iam-simulator-stays-local',
      comment:
        "@cloud-copilot/iam-simulate is AGPL-3.0: only the local stack's IAM enforcer (scripts/local/iam) and " +
        'tests may use it. Lambda code, the browser app, shared/ and infra/ never import it, nor the enforcer.',
      severity: 'error',
      from: { path: '^(functions|frontend|shared|infra)/', pathNot: '[.]test[.]tsx?$' },
      to: { path: ['^scripts/local/iam/', '^node_modules/@cloud-copilot/'] },
    },
    {
      name: 'no-cycles',
      comment:
        'No import cycles anywhere, lazy imports and type-only imports included: a cycle is two modules ' +
        'that cannot be understood (or loaded) one without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'every-import-resolves',
      comment:
        'An import the cruiser cannot resolve is an edge no rule can see; it fails here so the rules above ' +
        'cannot quietly stop applying.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'every-import-resolves-inside-the-tree',
      comment:
        'Likewise, an import resolved outside the cruised tree (../) would slip past the folder rules.',
      severity: 'error',
      from: {},
      to: { path: '^[.][.]/' },
    },
  ],
  options: {
    moduleSystems: ['es6', 'cjs'],
    doNotFollow: { path: '(^|/)node_modules/' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
      mainFields: ['types', 'typings', 'module', 'main'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
