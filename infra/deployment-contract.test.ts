/**
 * The synthesized stack says what shared/deployment.ts says: lifecycle rules, what CloudFront serves,
 * the render queue's retries and names, the operators' group and which prefixes each Lambda role may
 * touch are read back from the template and compared with the module. A value written into infra by
 * hand instead of taken from the module fails here (emulators enforce none of it).
 */
import type { RouteGroup } from '@shared/api';
import {
  ADMINS_GROUP,
  ANONYMOUS_TAG,
  BUCKET_ROLES,
  type BucketRole,
  MAX_RENDER_ATTEMPTS,
  matchesKeyPattern,
  PENDING_TAG,
  prefixesOf,
  publicKeyPatterns,
  QUEUES,
  S3_PREFIXES,
  storageKeys,
  TEMPLATE_SQUARES,
} from '@shared/deployment';
import { PASSWORD_MIN_LENGTH } from '@shared/rules/auth-form';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from './testing/synth-test-stack';
import {
  actionsOf,
  type CfnJson,
  logicalId,
  onlyResource,
  resourceOf,
  resources,
  resourcesOf,
  roleStatements,
} from './testing/template-queries';

let t: TestStack;
beforeAll(() => {
  t = synthTestStack();
});

const bucketConstruct = (role: BucketRole) => t.stack.storage[role];

/** `{ bucket, key }` of an object ARN `arn(bucket)/key`, or null for any other resource. */
function objectResource(resource: CfnJson): { bucket: BucketRole | 'other'; key: string } | null {
  const parts = resource?.['Fn::Join']?.[1];
  if (!Array.isArray(parts) || parts.length !== 2 || typeof parts[1] !== 'string') return null;
  if (!parts[1].startsWith('/')) return null;
  const id = parts[0]?.['Fn::GetAtt']?.[0];
  const bucket = BUCKET_ROLES.find((role) => logicalId(bucketConstruct(role)) === id) ?? 'other';
  return { bucket, key: parts[1].slice(1) };
}

describe('deployment contract: S3 lifecycle', () => {
  it.each(BUCKET_ROLES)('%s: expires exactly the prefixes and the two tags of the contract', (role) => {
    const rules = resourceOf(t.template, bucketConstruct(role)).Properties?.LifecycleConfiguration
      .Rules as CfnJson[];
    const expiring = rules
      .filter((rule) => rule.ExpirationInDays !== undefined)
      .map((rule) => ({
        prefix: rule.Prefix,
        tags: rule.TagFilters,
        days: rule.ExpirationInDays,
        status: rule.Status,
      }));
    const expected = [
      ...prefixesOf(role)
        .filter((p) => p.expiresAfterDays !== undefined)
        .map((p) => ({ prefix: p.prefix, tags: undefined, days: p.expiresAfterDays, status: 'Enabled' })),
      {
        prefix: undefined,
        tags: [{ Key: ANONYMOUS_TAG.key, Value: ANONYMOUS_TAG.value }],
        days: ANONYMOUS_TAG.expiresAfterDays,
        status: 'Enabled',
      },
      {
        prefix: undefined,
        tags: [{ Key: PENDING_TAG.key, Value: PENDING_TAG.value }],
        days: PENDING_TAG.expiresAfterDays,
        status: 'Enabled',
      },
    ];
    expect(expiring).toEqual(expected);
  });

  it("deletes the operators' AI test outputs (ai-tests/) two days after they were made", () => {
    expect(S3_PREFIXES.aiTests).toMatchObject({
      bucket: 'renders',
      prefix: 'ai-tests/',
      expiresAfterDays: 2,
    });
    const rules = resourceOf(t.template, t.stack.storage.renders).Properties?.LifecycleConfiguration.Rules;
    expect(rules).toContainEqual({
      Id: 'expire-ai-tests',
      Prefix: 'ai-tests/',
      ExpirationInDays: 2,
      Status: 'Enabled',
    });
  });
});

describe('deployment contract: what CloudFront serves', () => {
  const renderKeys = () => publicKeyPatterns('renders');

  /** Path patterns of the behaviours that serve the renders bucket. */
  const servedFromRenders = (): string[] => {
    const config = onlyResource(t.template, 'AWS::CloudFront::Distribution').Properties!.DistributionConfig;
    const rendersDomain = { 'Fn::GetAtt': [logicalId(t.stack.storage.renders), 'RegionalDomainName'] };
    const rendersOrigins = (config.Origins as CfnJson[])
      .filter((o) => JSON.stringify(o.DomainName) === JSON.stringify(rendersDomain))
      .map((o) => o.Id);
    return (config.CacheBehaviors as CfnJson[])
      .filter((b) => rendersOrigins.includes(b.TargetOriginId))
      .map((b) => b.PathPattern);
  };

  it('has one behaviour per public key pattern, at /<pattern>, from the renders bucket', () => {
    expect(servedFromRenders()).toEqual(renderKeys().map((key) => `/${key}`));
    expect(publicKeyPatterns('uploads')).toEqual([]);
  });

  it("serves none of a template's private files: the native image and its square copies", () => {
    const privateFiles = [
      storageKeys.template('t1', 'native.jpg'),
      ...Object.values(TEMPLATE_SQUARES).map((square) => storageKeys.templateSquare('t1', square)),
    ];
    for (const key of privateFiles) {
      expect(servedFromRenders().filter((pattern) => matchesKeyPattern(pattern, `/${key}`))).toEqual([]);
    }
  });

  it("lets CloudFront read exactly those keys in the renders bucket's policy", () => {
    const policy = Object.values(resources(t.template, 'AWS::S3::BucketPolicy')).find(
      (p) => p.Properties?.Bucket.Ref === logicalId(t.stack.storage.renders),
    )!;
    const reads = (policy.Properties!.PolicyDocument.Statement as CfnJson[]).filter(
      (s) => s.Effect === 'Allow' && s.Principal?.Service === 'cloudfront.amazonaws.com',
    );
    const keys = reads.flatMap((s) => resourcesOf(s)).map((r) => objectResource(r));
    expect(keys).toEqual(renderKeys().map((key) => ({ bucket: 'renders', key })));
  });
});

describe('deployment contract: queue, group', () => {
  it('moves a render message to the DLQ after the attempts the worker counts, under the contract names', () => {
    const queue = resourceOf(t.template, t.stack.renderPipeline.queue).Properties!;
    const dlq = resourceOf(t.template, t.stack.renderPipeline.deadLetterQueue).Properties!;
    expect(queue.RedrivePolicy.maxReceiveCount).toBe(QUEUES.render.maxReceiveCount);
    expect(queue.RedrivePolicy.maxReceiveCount).toBe(MAX_RENDER_ATTEMPTS);
    expect(queue.QueueName).toBe(`${t.stack.stackName}-${QUEUES.render.name}`);
    expect(dlq.QueueName).toBe(`${t.stack.stackName}-${QUEUES.render.deadLetterName}`);
  });

  it('moves a pack message to the DLQ after the same attempts, under the contract names', () => {
    const queue = resourceOf(t.template, t.stack.packPipeline.queue).Properties!;
    const dlq = resourceOf(t.template, t.stack.packPipeline.deadLetterQueue).Properties!;
    expect(queue.RedrivePolicy.maxReceiveCount).toBe(QUEUES.pack.maxReceiveCount);
    expect(queue.QueueName).toBe(`${t.stack.stackName}-${QUEUES.pack.name}`);
    expect(dlq.QueueName).toBe(`${t.stack.stackName}-${QUEUES.pack.deadLetterName}`);
  });

  it('makes operators of the members of the contract group', () => {
    const group = onlyResource(t.template, 'AWS::Cognito::UserPoolGroup').Properties!;
    expect(group.GroupName).toBe(ADMINS_GROUP);
  });

  it("lets Cognito accept the passwords the app's form accepts", () => {
    const pool = onlyResource(t.template, 'AWS::Cognito::UserPool').Properties!;
    expect(pool.Policies.PasswordPolicy.MinimumLength).toBe(PASSWORD_MIN_LENGTH);
  });
});

describe('deployment contract: IAM object grants', () => {
  type Access = 'read' | 'write';
  /** A role's object grants as "<bucket>/<key pattern>" -> read and/or write. */
  function objectAccess(role: iam.IRole): Record<string, Access[]> {
    const access: Record<string, Set<Access>> = {};
    for (const statement of roleStatements(t.template, role)) {
      const actions = actionsOf(statement).filter((a) => a.startsWith('s3:') && a !== 's3:ListBucket');
      if (!actions.length) continue;
      for (const resource of resourcesOf(statement)) {
        const object = objectResource(resource);
        if (!object) continue;
        const name = `${object.bucket}/${object.key}`;
        access[name] ??= new Set();
        for (const action of actions) access[name].add(action === 's3:GetObject' ? 'read' : 'write');
      }
    }
    return Object.fromEntries(Object.entries(access).map(([name, set]) => [name, [...set].sort()]));
  }
  const under = (bucket: BucketRole, prefix: string) => `${bucket}/${prefix}*`;
  const { previews, hd, visitorFiles, userFiles, templates, compositions, aiTests } = S3_PREFIXES;
  const api = (group: RouteGroup) => t.stack.api.handlers.get(group)!.role;

  it('names only whole buckets or contract prefixes, in the bucket that holds them', () => {
    const roles = [
      ...t.stack.api.handlers.values(),
      t.stack.renderPipeline.worker,
      t.stack.packPipeline.worker,
    ].map((fn) => fn.role);
    const allowed = BUCKET_ROLES.flatMap((bucket) => [
      `${bucket}/*`,
      ...prefixesOf(bucket).map((p) => under(bucket, p.prefix)),
    ]);
    for (const role of roles) {
      for (const name of Object.keys(objectAccess(role))) expect(allowed).toContain(name);
    }
  });

  it('gives each Lambda role the prefixes its work needs', () => {
    expect(objectAccess(t.stack.renderPipeline.worker.role)).toEqual({
      'uploads/*': ['read'],
      [under('renders', previews.prefix)]: ['write'],
      [under('renders', hd.prefix)]: ['write'],
      // Operators' AI test runs: the worker writes their outputs.
      [under('renders', aiTests.prefix)]: ['write'],
    });
    expect(objectAccess(t.stack.packPipeline.worker.role)).toEqual({
      [under('renders', templates.prefix)]: ['write'],
    });
    expect(objectAccess(api('uploads'))).toEqual({
      'uploads/*': ['read', 'write'],
      [under('renders', previews.prefix)]: ['write'],
      // Presigned GETs of the private HD files carry this role's permission.
      [under('renders', hd.prefix)]: ['read', 'write'],
      // Deleting a photo deletes the keepsakes made from it.
      [under('renders', compositions.prefix)]: ['write'],
    });
    expect(objectAccess(api('account'))).toEqual({
      [under('uploads', visitorFiles.prefix)]: ['read'],
      [under('uploads', userFiles.prefix)]: ['write'],
      'uploads/*': ['write'],
      [under('renders', previews.prefix)]: ['write'],
      [under('renders', hd.prefix)]: ['write'],
      [under('renders', compositions.prefix)]: ['write'],
    });
    // Cut-outs beside the originals; keepsakes drawn from templates into compositions/.
    expect(objectAccess(api('moments'))).toEqual({
      'uploads/*': ['read', 'write'],
      [under('renders', templates.prefix)]: ['read'],
      [under('renders', compositions.prefix)]: ['read', 'write'],
    });
    // The template seeder writes (and on failure removes) template files; it never reads them. The AI
    // test pages presign GETs of age tests' HD files and of test runs' outputs; the age test's demo
    // image is stored as the operator's own upload.
    expect(objectAccess(api('admin'))).toEqual({
      [under('renders', templates.prefix)]: ['write'],
      [under('uploads', userFiles.prefix)]: ['write'],
      [under('renders', hd.prefix)]: ['read'],
      [under('renders', aiTests.prefix)]: ['read'],
    });
    for (const group of ['system', 'payments', 'webhooks'] as const) {
      expect(objectAccess(api(group)), group).toEqual({});
    }
  });
});
