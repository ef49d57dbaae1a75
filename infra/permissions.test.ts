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

  it('API functions: table items, uploads objects, send to the render queue, and nothing on renders', () => {
    for (const handler of t.stack.api.handlers.values()) {
      const statements = roleStatements(t.template, handler.role);
      const all = text(statements);
      expect(all).not.toContain(bucketId('renders'));
      const s3 = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
      expect(s3.flatMap(actionsOf).sort()).toEqual([
        's3:DeleteObject',
        's3:GetObject',
        's3:ListBucket',
        's3:PutObject',
        's3:PutObjectTagging',
      ]);
      expect(text(s3.flatMap(resourcesOf))).toContain(bucketId('uploads'));
      const sqs = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:')));
      expect(sqs.flatMap(actionsOf)).not.toContain('sqs:ReceiveMessage');
      expect(text(sqs)).toContain(logicalId(t.stack.renderPipeline.queue));
      expect(all).toContain(tableId());
    }
  });

  it('worker: reads uploads, writes only previews/ and hd/ of renders, consumes the queue', () => {
    const statements = roleStatements(t.template, t.stack.renderPipeline.worker.role);
    const onRenders = statements.filter((s) => text(s.Resource).includes(bucketId('renders')));
    expect(onRenders.flatMap(actionsOf)).not.toContain('s3:GetObject');
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
