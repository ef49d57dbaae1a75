/**
 * CDK entry (cdk.json: `npx tsx infra/app.ts`). Two stacks: the app in the region the CLI deploys to
 * (CDK_DEFAULT_REGION, else us-east-1), and its edge stack in us-east-1 with the CloudFront WAF web ACL,
 * whose ARN the app reads through a cross-region reference (so the app's region must be known at synth;
 * the account need not be: `cdk synth` needs no AWS account). `cdk deploy --all` deploys both, edge first.
 * Context: stage=<name> (default dev; prod keeps data on delete), threatProtection=true, nag=false,
 * mailFrom=<sender address> (default no-reply@example.com), imageAiProvider=offline|replicate (default
 * offline) and imageAi<Capability>=offline|replicate for one capability (e.g. imageAiAgeProgress),
 * alarmEmail=<address> (mailed by every alarm; confirm the subscription e-mail), adminEmail=<address>
 * (the only one that may claim first-admin setup at /admin/grant), sellSimulatedAges=true (sell age HD
 * made by the offline simulation even with live Stripe keys; off by default), hideAuthButtons=true (the
 * header shows neither Login nor the account buttons), ageTestDemoImage=<https URL | uploads:<key> |
 * renders:<key>> (the demo image of /admin/test-age-transform), webhookKeyRotation=<n>
 * (raised after a new webhook key is put in its secret, so both stacks read it again).
 */
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPO_ROOT } from './constructs/app-function';
import { imageAiChoiceFromContext } from './constructs/hosted-ai';
import { EDGE_REGION, LittleFuturesEdgeStack } from './edge-stack';
import { LittleFuturesStack } from './stack';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
const flag = (name: string, fallback: boolean) => {
  const value = app.node.tryGetContext(name);
  return value === undefined ? fallback : String(value) === 'true';
};

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION ?? EDGE_REGION;
const tags = { app: 'little-futures', stage };
const edge = new LittleFuturesEdgeStack(app, `LittleFutures-${stage}-edge`, {
  account,
  appRegion: region,
  webhookKeyRotation: Number(app.node.tryGetContext('webhookKeyRotation') ?? 0),
  description: `Little Futures (${stage}): the CloudFront web ACL (us-east-1)`,
  tags,
});

new LittleFuturesStack(app, `LittleFutures-${stage}`, {
  env: { account, region },
  webAclArn: edge.firewall.arn,
  webhookKey: edge.firewall.webhookKey,
  alarmEmail: app.node.tryGetContext('alarmEmail'),
  adminEmail: app.node.tryGetContext('adminEmail'),
  sellSimulatedAges: flag('sellSimulatedAges', false),
  hideAuthButtons: flag('hideAuthButtons', false),
  ageTestDemoImage: app.node.tryGetContext('ageTestDemoImage'),
  description: `Little Futures (${stage}): age previews of a child's photo`,
  prodLike: stage === 'prod',
  threatProtection: flag('threatProtection', false),
  siteAssetDir: join(REPO_ROOT, 'dist/site'),
  mailFrom: app.node.tryGetContext('mailFrom'),
  imageAi: imageAiChoiceFromContext(app.node),
  tags,
});

// AWS Solutions checks run at every synth; an unacknowledged error fails it.
if (flag('nag', true)) {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}

app.synth();
