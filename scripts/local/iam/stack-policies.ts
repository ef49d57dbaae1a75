/**
 * The IAM policies of the deployed stack, read from the real CDK stack (infra/stack.ts) synthesized
 * without bundling: each Lambda role's identity policies, and the resource policies of the table,
 * buckets and queues the app touches, with every intrinsic resolved to the local stack's names. The
 * local stack enforces exactly what AWS will, so a missing grant fails here and not after a deploy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { localFunctionName } from '../lambda-credentials';
import { REPO_ROOT } from '../paths';
import { LOCAL_REGION, localNames } from '../resources';
import { type ResolveContext, type ResolvedResource, resolveIntrinsics } from './intrinsics';
import { cached, sourcesHash } from './policy-cache';

export const LOCAL_ACCOUNT = '000000000000';
/** Stands for the user pool's id until ensureResources has made the pool (bindUserPoolId). */
export const PENDING_USER_POOL_ID = 'pending-local-user-pool-id';

export const localArns = {
  table: (name: string) => `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${name}`,
  bucket: (name: string) => `arn:aws:s3:::${name}`,
  queue: (name: string) => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${name}`,
  userPool: (id: string) => `arn:aws:cognito-idp:${LOCAL_REGION}:${LOCAL_ACCOUNT}:userpool/${id}`,
};

export type PolicyDocument = { Version?: string; Statement: unknown };
export type NamedPolicy = { name: string; document: PolicyDocument };
export type LambdaPolicies = {
  /** The role's logical id stands for its name (AWS generates one from it). */
  roleName: string;
  functionName: string;
  policies: NamedPolicy[];
};
export type StackPolicies = {
  lambdas: Record<LambdaName, LambdaPolicies>;
  /** By the ARN of the resource they are attached to. */
  resourcePolicies: Record<string, PolicyDocument>;
};

type CfnResource = { Type: string; Properties?: Record<string, unknown> };
export type CfnTemplate = { Resources: Record<string, CfnResource> };

/**
 * Resources the local stack does not emulate, which a policy may still name (a Lambda's log group,
 * the Stripe secret, the distribution): deterministic stand-ins named by logical id, so their
 * statements resolve and simply never match a local request. Any other type fails loudly.
 */
const STAND_INS: Record<string, (id: string) => Omit<ResolvedResource, 'type'>> = {
  'AWS::Logs::LogGroup': (id) => ({
    ref: id,
    attributes: { Arn: `arn:aws:logs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:log-group:${id}:*` },
  }),
  'AWS::SecretsManager::Secret': (id) => ({
    ref: `arn:aws:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT}:secret:${id}`,
    attributes: {},
  }),
  'AWS::CloudFront::Distribution': (id) => ({ ref: id, attributes: { DomainName: `${id}.cloudfront.net` } }),
  'AWS::IAM::Role': (id) => ({ ref: id, attributes: { Arn: `arn:aws:iam::${LOCAL_ACCOUNT}:role/${id}` } }),
};

const RESOURCE_POLICY_TARGETS: Record<string, (props: Record<string, unknown>) => unknown[]> = {
  'AWS::S3::BucketPolicy': (p) => [p.Bucket],
  'AWS::SQS::QueuePolicy': (p) => (Array.isArray(p.Queues) ? p.Queues : []),
  'AWS::SecretsManager::ResourcePolicy': (p) => [p.SecretId],
};

/**
 * The policies of each Lambda role (`roles`: logical ids) and of the emulated resources (`local`:
 * logical id → local name and ARN), resolved. Pure: the template is the synthesized one.
 */
export function extractPolicies(input: {
  template: CfnTemplate;
  roles: Record<LambdaName, string>;
  local: Record<string, ResolvedResource>;
}): StackPolicies {
  const { template, roles, local } = input;
  const resources: Record<string, ResolvedResource> = {};
  for (const [id, resource] of Object.entries(template.Resources)) {
    const standIn = STAND_INS[resource.Type];
    if (standIn) resources[id] = { type: resource.Type, ...standIn(id) };
  }
  for (const [id, resource] of Object.entries(local)) {
    const actual = template.Resources[id]?.Type;
    if (actual !== resource.type) {
      throw new Error(
        `Logical id ${id} is ${actual ?? 'missing'} in the template, expected ${resource.type}`,
      );
    }
    resources[id] = resource;
  }
  const ctx: ResolveContext = {
    resources,
    pseudo: {
      'AWS::Partition': 'aws',
      'AWS::Region': LOCAL_REGION,
      'AWS::AccountId': LOCAL_ACCOUNT,
      'AWS::URLSuffix': 'amazonaws.com',
    },
  };
  const document = (value: unknown, where: string) => resolveIntrinsics(value, ctx, where) as PolicyDocument;
  const namesRole = (roleId: string, list: unknown) =>
    Array.isArray(list) && list.some((r) => (r as { Ref?: unknown })?.Ref === roleId);

  const lambdas = {} as Record<LambdaName, LambdaPolicies>;
  for (const lambda of LAMBDA_NAMES) {
    const roleId = roles[lambda];
    const role = template.Resources[roleId];
    if (role?.Type !== 'AWS::IAM::Role')
      throw new Error(`The role of ${lambda} (${roleId}) is not in the template`);
    const props = role.Properties ?? {};
    // AWS managed policies and boundaries live in AWS, not in the template: refuse to guess them.
    if (props.ManagedPolicyArns || props.PermissionsBoundary) {
      throw new Error(
        `The role of ${lambda} has managed policies or a boundary, which the local stack cannot read`,
      );
    }
    const policies: NamedPolicy[] = [];
    for (const inline of (props.Policies ?? []) as { PolicyName: string; PolicyDocument: unknown }[]) {
      policies.push({ name: inline.PolicyName, document: document(inline.PolicyDocument, roleId) });
    }
    for (const [id, resource] of Object.entries(template.Resources)) {
      const isPolicy = resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy';
      if (isPolicy && namesRole(roleId, resource.Properties?.Roles)) {
        policies.push({ name: id, document: document(resource.Properties?.PolicyDocument, id) });
      }
    }
    lambdas[lambda] = { roleName: roleId, functionName: localFunctionName(lambda), policies };
  }

  const resourcePolicies: Record<string, PolicyDocument> = {};
  const attach = (arn: string, doc: PolicyDocument) => {
    if (resourcePolicies[arn])
      throw new Error(`Two resource policies for ${arn}: merge them before enforcing`);
    resourcePolicies[arn] = doc;
  };
  for (const [id, resource] of Object.entries(template.Resources)) {
    const targetsOf = RESOURCE_POLICY_TARGETS[resource.Type];
    const props = resource.Properties ?? {};
    if (targetsOf) {
      for (const target of targetsOf(props)) {
        const targetId = (target as { Ref?: string })?.Ref;
        // Only what the app touches locally (the site and log buckets are CloudFront's business).
        const arn = targetId && (local[targetId]?.attributes.Arn ?? stoodIn(resources[targetId]));
        if (arn) attach(arn, document(props.PolicyDocument, id));
      }
    }
    const tablePolicy = (props.ResourcePolicy as { PolicyDocument?: unknown } | undefined)?.PolicyDocument;
    if (resource.Type === 'AWS::DynamoDB::Table' && local[id] && tablePolicy) {
      attach(local[id].attributes.Arn, document(tablePolicy, id));
    }
  }
  return { lambdas, resourcePolicies };
}

/** A secret's stand-in ARN (its Ref), for Secrets Manager resource policies. */
function stoodIn(resource: ResolvedResource | undefined): string | undefined {
  return resource?.type === 'AWS::SecretsManager::Secret' ? resource.ref : undefined;
}

/** The policies with the user pool's real id in place of the pending one. */
export function bindUserPoolId(policies: StackPolicies, userPoolId: string): StackPolicies {
  return JSON.parse(JSON.stringify(policies).replaceAll(PENDING_USER_POOL_ID, userPoolId)) as StackPolicies;
}

/**
 * Synthesizes infra/stack.ts as a deploy to account 000000000000 in us-east-1 would (bundling and
 * CloudFormation validation skipped: only the template matters) and extracts its policies.
 */
export async function synthesizeStackPolicies(): Promise<StackPolicies> {
  const [{ App }, { LittleFuturesStack }] = await Promise.all([
    import('aws-cdk-lib'),
    import('../../../infra/stack'),
  ]);
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'little-futures-iam-synth-'));
  const previousValidation = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  try {
    const app = new App({
      outdir,
      context: {
        'aws:cdk:bundling-stacks': [],
        '@aws-cdk/aws-lambda-nodejs:useLatestRuntimeVersion': true,
      },
    });
    const stack = new LittleFuturesStack(app, 'LittleFuturesLocal', {
      prodLike: false,
      webAclArn: `arn:aws:wafv2:us-east-1:${LOCAL_ACCOUNT}:global/webacl/local/0`,
      webhookKey: { secretName: 'local-webhook-key', rotation: 0 },
      env: { account: LOCAL_ACCOUNT, region: LOCAL_REGION },
    });
    const template = app.synth({ validateOnSynthesis: false }).getStackByName(stack.stackName)
      .template as CfnTemplate;
    const idOf = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);

    const roles = {} as Record<LambdaName, string>;
    for (const [lambda, fn] of stack.lambdaFunctions()) roles[lambda as LambdaName] = idOf(fn.role);

    const table = (name: string) => ({
      type: 'AWS::DynamoDB::Table',
      ref: name,
      attributes: { Arn: localArns.table(name) },
    });
    const bucket = (name: string) => ({
      type: 'AWS::S3::Bucket',
      ref: name,
      attributes: { Arn: localArns.bucket(name) },
    });
    const queue = (name: string) => {
      const url = `https://sqs.${LOCAL_REGION}.amazonaws.com/${LOCAL_ACCOUNT}/${name}`;
      return {
        type: 'AWS::SQS::Queue',
        ref: url,
        attributes: { Arn: localArns.queue(name), QueueName: name, QueueUrl: url },
      };
    };
    const local: Record<string, ResolvedResource> = {
      [idOf(stack.data.table)]: table(localNames.table),
      [idOf(stack.storage.uploads)]: bucket(localNames.uploadsBucket),
      [idOf(stack.storage.renders)]: bucket(localNames.rendersBucket),
      [idOf(stack.renderPipeline.queue)]: queue(localNames.renderQueue),
      [idOf(stack.renderPipeline.deadLetterQueue)]: queue(localNames.renderDlq),
      [idOf(stack.packPipeline.queue)]: queue(localNames.packQueue),
      [idOf(stack.packPipeline.deadLetterQueue)]: queue(localNames.packDlq),
      [idOf(stack.auth.userPool)]: {
        type: 'AWS::Cognito::UserPool',
        ref: PENDING_USER_POOL_ID,
        attributes: { Arn: localArns.userPool(PENDING_USER_POOL_ID) },
      },
    };
    return extractPolicies({ template, roles, local });
  } finally {
    if (previousValidation === undefined) delete process.env.CDK_VALIDATION;
    else process.env.CDK_VALIDATION = previousValidation;
    rmSync(outdir, { recursive: true, force: true });
  }
}

let loading: Promise<StackPolicies> | undefined;

/** Where the extracted policies are kept between runs (the tests' data folders are new each run). */
const POLICY_CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'little-futures-iam');

/**
 * The stack's policies: from the cache when no source they depend on changed, else synthesized
 * (a few seconds); once per process. Callers must not mutate them.
 */
export function loadStackPolicies(): Promise<StackPolicies> {
  if (!loading) {
    const key = sourcesHash(fileURLToPath(import.meta.url));
    loading = cached(POLICY_CACHE_DIR, key, synthesizeStackPolicies).then((result) => result.value);
    // A failed synthesis is tried again by the next caller.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}
