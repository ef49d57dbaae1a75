/**
 * One Lambda function of the app with the defaults every handler shares: Node.js 24 on arm64, an ESM
 * bundle built by the local esbuild (no Docker), its own log group, and a role that may only write
 * to that log group until a construct grants it more.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, type Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { pruneCommands } from './bundle-prune';

/** The repository root: the project root for bundling, holding package.json and package-lock.json. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;
export const LAMBDA_ARCHITECTURE = lambda.Architecture.ARM_64;

/**
 * What the image adapters load at run time and an esbuild bundle cannot hold: native sharp and
 * Skia (@napi-rs/canvas), face-api with its model files, tfjs with its wasm.
 */
export const IMAGE_NODE_MODULES = [
  'sharp',
  '@napi-rs/canvas',
  '@vladmandic/face-api',
  '@tensorflow/tfjs',
  '@tensorflow/tfjs-backend-wasm',
];

/**
 * esbuild emits ESM; CommonJS dependencies inside the bundle still call `require`, which ESM lacks.
 * The alias avoids clashing with a bundled module's own `createRequire` import.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __appCreateRequire } from 'node:module'; const require = __appCreateRequire(import.meta.url);";

/**
 * `nodeModules` are installed with `npm ci` from the root lock file into the bundle. These variables make
 * npm pick the optional platform packages of the Lambda (linux arm64 glibc: sharp's `@img/sharp-linux-arm64`)
 * instead of the build machine's, so no Docker is needed for the native binary.
 */
const TARGET_PLATFORM_NPM_ENV = {
  npm_config_os: 'linux',
  npm_config_cpu: 'arm64',
  npm_config_libc: 'glibc',
};
/**
 * CDK context `bundlePlatform=host` installs this (glibc) machine's packages instead, so scripts/bundle
 * can boot the same bundles here; without it, always the Lambda's.
 */
const HOST_PLATFORM_NPM_ENV = {
  npm_config_os: process.platform,
  npm_config_cpu: process.arch,
  npm_config_libc: 'glibc',
};

export type AppFunctionProps = {
  /** Entry file relative to the repository root, exporting `handler`. */
  entry: string;
  description: string;
  memorySize: number;
  timeout: Duration;
  environment: Record<string, string>;
  /** Packages installed next to the bundle instead of bundled (native binaries, model files). */
  nodeModules?: string[];
  /** Folders of the repository copied beside the bundle: bundle folder name → repository path (models). */
  bundleFolders?: Record<string, string>;
  logRetention?: logs.RetentionDays;
};

export class AppFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // A role of our own instead of the default one with the AWS managed AWSLambdaBasicExecutionRole:
    // it may write to this function's log group and nothing else until a construct grants more.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.entry}`,
    });
    this.logGroup.grantWrite(this.role);

    const common = {
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: props.memorySize,
      timeout: props.timeout,
      environment: props.environment,
      role: this.role,
      logGroup: this.logGroup,
      handler: 'index.handler',
    } satisfies Partial<lambda.FunctionProps>;

    const entry = join(REPO_ROOT, props.entry);
    if (!existsSync(entry) && !Stack.of(this).bundlingRequired) {
      // Assertion tests skip bundling, but NodejsFunction still insists that the entry file exists.
      // While a handler is not written yet, stand in a function with the same settings so the rest of
      // the stack can be tested; a synth that bundles still fails loudly below.
      Annotations.of(this).addWarningV2('app:missingHandlerEntry', `${props.entry} does not exist yet`);
      this.function = new lambda.Function(this, 'Function', {
        ...common,
        code: lambda.Code.fromInline(`throw new Error('${props.entry} was missing at synth time');`),
      });
      return;
    }

    this.function = new NodejsFunction(this, 'Function', {
      ...common,
      entry,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        tsconfig: join(REPO_ROOT, 'tsconfig.json'),
        // Pin the SDK version we test against instead of the one the runtime happens to ship.
        bundleAwsSDK: true,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        nodeModules: props.nodeModules,
        environment:
          this.node.tryGetContext('bundlePlatform') === 'host'
            ? HOST_PLATFORM_NPM_ENV
            : TARGET_PLATFORM_NPM_ENV,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          // Source maps, type declarations and docs of the installed packages are dead weight at run
          // time (tfjs ships ~200 MB of .map files, which would break the 250 MB Lambda limit), and so
          // are the builds Node never loads of tfjs and face-api (bundle-prune.ts).
          afterBundling: (inputDir: string, outputDir: string) => [
            ...Object.entries(props.bundleFolders ?? {}).map(
              ([name, from]) => `cp -R "${inputDir}/${from}" "${outputDir}/${name}"`,
            ),
            ...(props.nodeModules?.length
              ? [
                  `rm -f "${outputDir}/package-lock.json"`,
                  `find "${outputDir}/node_modules" -type f \\( -name '*.map' -o -name '*.d.ts' -o -name '*.md' \\) -delete`,
                  ...pruneCommands(`${outputDir}/node_modules`),
                ]
              : []),
          ],
        },
      },
    });
  }
}
