/**
 * CDK entry (cdk.json: `npx tsx infra/app.ts`). Environment-agnostic, so `cdk synth` needs no AWS account.
 * Context: stage=<name> (default dev; prod keeps data on delete), threatProtection=true, nag=false,
 * mailFrom=<sender address> (default no-reply@example.com), imageAiProvider=offline|replicate (default
 * offline) and imageAi<Capability>=offline|replicate for one capability (e.g. imageAiAgeProgress).
 */
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPO_ROOT } from './constructs/app-function';
import { imageAiChoiceFromContext } from './constructs/hosted-ai';
import { LittleFuturesStack } from './stack';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
const flag = (name: string, fallback: boolean) => {
  const value = app.node.tryGetContext(name);
  return value === undefined ? fallback : String(value) === 'true';
};

new LittleFuturesStack(app, `LittleFutures-${stage}`, {
  description: `Little Futures (${stage}): age previews of a child's photo`,
  prodLike: stage === 'prod',
  threatProtection: flag('threatProtection', false),
  siteAssetDir: join(REPO_ROOT, 'dist/site'),
  mailFrom: app.node.tryGetContext('mailFrom'),
  imageAi: imageAiChoiceFromContext(app.node),
  tags: { app: 'little-futures', stage },
});

// AWS Solutions checks run at every synth; an unacknowledged error fails it.
if (flag('nag', true)) {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}

app.synth();
