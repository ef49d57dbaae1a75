/**
 * Builds the Lambda assets exactly as `cdk deploy` does: the real stacks of infra/app.ts, synthesized
 * with bundling on (NodejsFunction, local esbuild, npm ci of the nodeModules) into an output folder of
 * our own. Each asset is found the way CloudFormation would: the function's Code in the template names
 * the asset hash, whose folder is asset.<hash>; the Lambda's name comes from the construct objects.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { LambdaName } from '@shared/deployment';
import { App, AssetStaging, type CfnResource } from 'aws-cdk-lib';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import { imageAiChoiceFromContext } from '../../infra/constructs/hosted-ai';
import { EDGE_REGION, LittleFuturesEdgeStack } from '../../infra/edge-stack';
import { LittleFuturesStack } from '../../infra/stack';

/** `lambda`: linux arm64, what deploys. `host`: this machine's native packages, to boot the bundles here. */
export type BundlePlatform = 'lambda' | 'host';

export type SynthedBundle = { name: LambdaName; dir: string };

type Built = { app: App; stack: LittleFuturesStack };

/** The two stacks as infra/app.ts makes them (stage dev, no cdk-nag: neither changes a bundle). */
function buildApp(context: Record<string, unknown>, outdir?: string): Built {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8'));
  const app = new App({ outdir, context: { ...cdkJson.context, ...context } });
  const tags = { app: 'little-futures', stage: 'dev' };
  const region = process.env.CDK_DEFAULT_REGION ?? EDGE_REGION;
  const edge = new LittleFuturesEdgeStack(app, 'LittleFutures-dev-edge', { tags, appRegion: region });
  const stack = new LittleFuturesStack(app, 'LittleFutures-dev', {
    env: { region },
    webAclArn: edge.firewall.arn,
    webhookKey: edge.firewall.webhookKey,
    prodLike: false,
    siteAssetDir: join(REPO_ROOT, 'dist/site'),
    imageAi: imageAiChoiceFromContext(app.node),
    tags,
  });
  return { app, stack };
}

/** Construct paths of the chosen Lambdas' functions, from a synth without bundling (a second or two). */
function functionPaths(only: readonly LambdaName[]): string[] {
  const { stack } = buildApp({ 'aws:cdk:bundling-stacks': [] });
  const functions = stack.lambdaFunctions();
  return only.map((name) => `${functions.get(name)!.function.node.path}/`);
}

/**
 * CDK bundles whole stacks or none. To build only some Lambdas, the other assets are staged the way a
 * stack without bundling stages them (CDK's own skip path). Relies on a CDK internal; if it is gone,
 * every Lambda is built, which is slower but still right.
 */
function bundleOnlyUnder(paths: string[]): () => void {
  type Staging = { node: { path: string } };
  const proto = AssetStaging.prototype as unknown as Record<string, unknown>;
  const original = proto.stageByBundling as
    | ((this: Staging, bundling: unknown, skip: boolean, props: unknown) => unknown)
    | undefined;
  if (typeof original !== 'function') return () => undefined;
  proto.stageByBundling = function (this: Staging, bundling: unknown, skip: boolean, props: unknown) {
    const chosen = paths.some((p) => this.node.path.startsWith(p));
    return original.call(this, bundling, skip || !chosen, props);
  };
  return () => {
    proto.stageByBundling = original;
  };
}

/**
 * Synthesizes into `outdir` (emptied first) and returns each built Lambda's asset folder. Bundling runs
 * esbuild and npm ci synchronously: minutes for all nine, most of it the image Lambdas' installs.
 */
export function synthBundles(opts: {
  platform: BundlePlatform;
  outdir: string;
  only?: readonly LambdaName[];
}): SynthedBundle[] {
  rmSync(opts.outdir, { recursive: true, force: true });
  const only = opts.only?.length ? opts.only : undefined;
  const restore = only ? bundleOnlyUnder(functionPaths(only)) : () => undefined;
  let built: Built;
  try {
    built = buildApp(
      {
        bundlePlatform: opts.platform,
        // Only the app stack has Lambdas; the edge stack's assets need no bundling.
        'aws:cdk:bundling-stacks': ['LittleFutures-dev'],
      },
      opts.outdir,
    );
  } finally {
    restore();
  }
  const { app, stack } = built;
  const assembly = app.synth({ validateOnSynthesis: false });
  const template = assembly.getStackArtifact(stack.artifactId).template;
  const bundles: SynthedBundle[] = [];
  for (const [name, fn] of stack.lambdaFunctions()) {
    if (only && !only.includes(name)) continue;
    const logicalId = stack.getLogicalId(fn.function.node.defaultChild as CfnResource);
    const s3Key: unknown = template.Resources?.[logicalId]?.Properties?.Code?.S3Key;
    const hash = typeof s3Key === 'string' ? /^([0-9a-f]{64})\.zip$/.exec(s3Key)?.[1] : undefined;
    if (!hash)
      throw new Error(`${name}: the template's Code of ${logicalId} names no asset (${String(s3Key)})`);
    const dir = join(assembly.directory, `asset.${hash}`);
    if (!existsSync(join(dir, 'index.mjs'))) throw new Error(`${name}: ${dir} holds no index.mjs`);
    bundles.push({ name, dir });
  }
  return bundles;
}
