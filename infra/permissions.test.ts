import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from './testing/synth-test-stack';
import {
  actionsOf,
  logicalId,
  resources,
  resourcesOf,
  roleStatements,
  text,
} from './testing/template-queries';

let t: TestStack;
beforeAll(() => {
  t = synthTestStack();
});

describe('Least privilege', () => {
  const tableId = () => logicalId(t.stack.data.table);
  const bucketId = (name: 'uploads' | 'renders') => logicalId(t.stack.storage[name]);

  it('never allows a wildcard action, a Scan or a whole-table index wildcard', () => {
    const roles = [...t.stack.api.handlers.values(), t.stack.renderPipeline.worker].map((fn) => fn.role);
    for (const role of roles) {
      for (const statement of roleStatements(t.template, role)) {
        for (const action of actionsOf(statement)) {
          expect(action).not.toMatch(/(^\*$|:\*$|dynamodb:Scan)/);
        }
        expect(text(statement.Resource)).not.toContain('/index/*');
      }
    }
  });

  /** S3 grants of a role as "<bucket><key pattern>" -> sorted actions, e.g. "uploads/temp/*". */
  function objectGrants(role: Parameters<typeof roleStatements>[1]): Record<string, string[]> {
    const grants: Record<string, string[]> = {};
    for (const statement of roleStatements(t.template, role)) {
      const actions = actionsOf(statement).filter((a) => a.startsWith('s3:'));
      if (!actions.length) continue;
      for (const resource of resourcesOf(statement).map(text)) {
        const bucket = (['uploads', 'renders'] as const).find((b) => resource.includes(bucketId(b)));
        const pattern = /"(\/[^"]*)"/.exec(resource.split(bucketId(bucket ?? 'uploads'))[1] ?? '')?.[1] ?? '';
        const name = `${bucket}${pattern}`;
        grants[name] = [...(grants[name] ?? []), ...actions].sort();
      }
    }
    return grants;
  }
  const handler = (group: 'uploads' | 'account' | 'system') => t.stack.api.handlers.get(group)!;
  const actions = (group: 'uploads' | 'account' | 'system') =>
    roleStatements(t.template, handler(group).role).flatMap(actionsOf);

  it('system (health, client config): nothing but its own log group', () => {
    expect(actions('system').sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
  });

  it('uploads: table items, uploads objects, send to the render queue, delete renders of previews/ and hd/', () => {
    expect(objectGrants(handler('uploads').role)).toEqual({
      'uploads/*': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging'],
      uploads: ['s3:ListBucket'],
      'renders/previews/*': ['s3:DeleteObject'],
      'renders/hd/*': ['s3:DeleteObject'],
    });
    const statements = roleStatements(t.template, handler('uploads').role);
    const sqs = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:')));
    expect(sqs.flatMap(actionsOf)).not.toContain('sqs:ReceiveMessage');
    expect(text(sqs)).toContain(logicalId(t.stack.renderPipeline.queue));
    expect(text(statements)).toContain(tableId());
    expect(actions('uploads').filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
  });

  it('account: table items and gsi1, copy temp/ -> users/, delete and untag renders, delete its Cognito users', () => {
    expect(objectGrants(handler('account').role)).toEqual({
      'uploads/temp/*': ['s3:GetObject'],
      'uploads/users/*': ['s3:PutObject'],
      'uploads/*': ['s3:DeleteObject'],
      'renders/previews/*': ['s3:DeleteObject', 's3:DeleteObjectTagging'],
      'renders/hd/*': ['s3:DeleteObject', 's3:DeleteObjectTagging'],
    });
    const statements = roleStatements(t.template, handler('account').role);
    const table = statements.find((s) => actionsOf(s).includes('dynamodb:Query'))!;
    expect(text(table.Resource)).toContain('/index/gsi1');
    expect(actions('account').filter((a) => a.startsWith('sqs:'))).toEqual([]);
    const cognito = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito.flatMap(actionsOf)).toEqual(['cognito-idp:AdminDeleteUser']);
    expect(text(cognito[0].Resource)).toContain(logicalId(t.stack.auth.userPool));
  });

  it('worker: reads uploads, writes only previews/ and hd/ of renders, consumes the queue', () => {
    const statements = roleStatements(t.template, t.stack.renderPipeline.worker.role);
    const onRenders = statements.filter((s) => text(s.Resource).includes(bucketId('renders')));
    expect(onRenders.flatMap(actionsOf)).not.toContain('s3:GetObject');
    expect([...new Set(onRenders.flatMap(actionsOf))].sort()).toEqual([
      's3:DeleteObject',
      's3:DeleteObjectTagging',
      's3:PutObject',
      's3:PutObjectTagging',
    ]);
    expect(onRenders.flatMap(resourcesOf).map(text).sort()).toEqual([
      expect.stringContaining('/hd/*'),
      expect.stringContaining('/previews/*'),
    ]);
    const onUploads = statements.filter((s) => text(s.Resource).includes(bucketId('uploads')));
    expect(onUploads.flatMap(actionsOf)).toEqual(['s3:GetObject']);
    expect(statements.flatMap(actionsOf)).toContain('sqs:ReceiveMessage');
    expect(statements.flatMap(actionsOf)).not.toContain('sqs:SendMessage');
  });

  it('the renders bucket lets CloudFront read previews/ only, so hd/ is never public', () => {
    const policy = Object.values(resources(t.template, 'AWS::S3::BucketPolicy')).find(
      (p) => p.Properties?.Bucket.Ref === bucketId('renders'),
    )!;
    const allows = (
      policy.Properties!.PolicyDocument.Statement as { Effect: string; Condition?: unknown }[]
    ).filter((s) => s.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0]).toMatchObject({
      Action: 's3:GetObject',
      Principal: { Service: 'cloudfront.amazonaws.com' },
    });
    expect(text(allows[0].Condition)).toContain(logicalId(t.stack.site.distribution));
    expect(text(allows[0])).toContain('/previews/*');
    expect(text(allows[0])).not.toContain('/hd/');
  });
});
