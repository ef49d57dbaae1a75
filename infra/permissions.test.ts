import type { RouteGroup } from '@shared/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from './testing/synth-test-stack';
import {
  actionsOf,
  logicalId,
  resourceOf,
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
    const roles = [
      ...t.stack.api.handlers.values(),
      t.stack.renderPipeline.worker,
      t.stack.packPipeline.worker,
    ].map((fn) => fn.role);
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
  const handler = (group: RouteGroup) => t.stack.api.handlers.get(group)!;
  const actions = (group: RouteGroup) => roleStatements(t.template, handler(group).role).flatMap(actionsOf);
  const secretId = () => logicalId(t.stack.payments.stripeSecret);
  /** Every Lambda of the app's own code, by route group or worker name. */
  const everyAppFunction = () => [
    ...[...t.stack.api.handlers].map(([group, fn]) => [group, fn] as const),
    ['render worker', t.stack.renderPipeline.worker] as const,
    ['pack worker', t.stack.packPipeline.worker] as const,
  ];

  it('CloudFront invalidation: only the Lambdas that delete uploads, on the one distribution, with its id', () => {
    const distribution = logicalId(t.stack.site.distribution);
    const appFunctions = everyAppFunction();
    const invalidating = appFunctions.filter(([, fn]) =>
      roleStatements(t.template, fn.role).some((s) => actionsOf(s).some((a) => a.startsWith('cloudfront:'))),
    );
    expect(invalidating.map(([group]) => group).sort()).toEqual(['account', 'uploads']);
    for (const [, fn] of invalidating) {
      const statements = roleStatements(t.template, fn.role).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('cloudfront:')),
      );
      expect(statements.flatMap(actionsOf)).toEqual(['cloudfront:CreateInvalidation']);
      expect(text(statements.map((s) => s.Resource))).toContain(distribution);
      const variables = resourceOf(t.template, fn.function).Properties?.Environment?.Variables;
      expect(variables?.CDN_DISTRIBUTION_ID).toEqual({ Ref: distribution });
    }
    for (const [, fn] of appFunctions.filter(([group]) => !['account', 'uploads'].includes(group))) {
      expect(resourceOf(t.template, fn.function).Properties?.Environment?.Variables).not.toHaveProperty(
        'CDN_DISTRIBUTION_ID',
      );
    }
  });

  it('visitor session key: only the Lambdas that serve visitors may read it, and only they are told where', () => {
    const key = logicalId(t.stack.api.sessionKey);
    const appFunctions = everyAppFunction();
    const readers = appFunctions.filter(([, fn]) =>
      roleStatements(t.template, fn.role).some(
        (s) => actionsOf(s).includes('secretsmanager:GetSecretValue') && text(s.Resource).includes(key),
      ),
    );
    expect(readers.map(([group]) => group).sort()).toEqual(['account', 'moments', 'payments', 'uploads']);
    for (const [group, fn] of appFunctions) {
      const variables = resourceOf(t.template, fn.function).Properties?.Environment?.Variables ?? {};
      if (['account', 'moments', 'payments', 'uploads'].includes(group))
        expect(text(variables.SESSION_SECRET_ARN)).toContain(key);
      else expect(variables).not.toHaveProperty('SESSION_SECRET_ARN');
    }
  });

  it('system (health, client config): nothing but its own log group', () => {
    expect(actions('system').sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
  });

  it('uploads: table items, uploads objects, send to the render queue, delete renders, presign and make HD files', () => {
    expect(objectGrants(handler('uploads').role)).toEqual({
      // Tagging: the clean copy is written pending and committed once the upload records it.
      'uploads/*': [
        's3:DeleteObject',
        's3:DeleteObjectTagging',
        's3:GetObject',
        's3:PutObject',
        's3:PutObjectTagging',
      ],
      uploads: ['s3:ListBucket'],
      'renders/previews/*': ['s3:DeleteObject'],
      // The keepsakes made from a deleted upload.
      'renders/compositions/*': ['s3:DeleteObject'],
      // GetObject: POST /api/uploads/{id}/hd presigns GETs of the private HD files with this role; the
      // first download of a hosted render writes its HD file (pending, then committed) from the source.
      'renders/hd/*': [
        's3:DeleteObject',
        's3:DeleteObjectTagging',
        's3:GetObject',
        's3:PutObject',
        's3:PutObjectTagging',
      ],
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
      // The copy is tagged pending, and the tag removed once the transaction recorded it.
      'uploads/users/*': ['s3:DeleteObjectTagging', 's3:PutObject', 's3:PutObjectTagging'],
      'uploads/*': ['s3:DeleteObject'],
      'renders/previews/*': ['s3:DeleteObject', 's3:DeleteObjectTagging'],
      'renders/hd/*': ['s3:DeleteObject', 's3:DeleteObjectTagging'],
      'renders/compositions/*': ['s3:DeleteObject'],
    });
    const statements = roleStatements(t.template, handler('account').role);
    const table = statements.find((s) => actionsOf(s).includes('dynamodb:Query'))!;
    expect(text(table.Resource)).toContain('/index/gsi1');
    expect(actions('account').filter((a) => a.startsWith('sqs:'))).toEqual([]);
    const cognito = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito.flatMap(actionsOf)).toEqual([
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminDeleteUser',
    ]);
    expect(text(cognito[0].Resource)).toContain(logicalId(t.stack.auth.userPool));
    // Account deletion cancels the subscription at Stripe.
    expect(statements.filter((s) => text(s).includes(secretId()))).toEqual([
      { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: secretId() } },
    ]);
  });

  /** The role's SQS statements: fulfilment may only send, and only to the render queue. */
  const sendOnly = () => [
    {
      Effect: 'Allow',
      Action: 'sqs:SendMessage',
      Resource: { 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.queue), 'Arn'] },
    },
  ];
  const sqsStatements = (group: RouteGroup) =>
    roleStatements(t.template, handler(group).role).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('sqs:')),
    );

  // Payments: confirm fulfils an order that beats its webhook, and fulfilment queues the bought renders.
  it.each(['payments', 'webhooks'] as const)(
    '%s (fulfilment): table items, send (only) to the render queue, the Stripe secret; no S3',
    (group) => {
      const statements = roleStatements(t.template, handler(group).role);
      expect(objectGrants(handler(group).role)).toEqual({});
      expect(sqsStatements(group)).toEqual(sendOnly());
      const table = statements.find((s) => actionsOf(s).includes('dynamodb:PutItem'))!;
      expect(text(table.Resource)).toContain(tableId());
      expect([...new Set(actions(group).map((a) => a.split(':')[0]))].sort()).toEqual([
        'dynamodb',
        'logs',
        'secretsmanager',
        'sqs',
      ]);
      expect(statements.filter((s) => text(s).includes(secretId()))).toEqual([
        { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: secretId() } },
      ]);
    },
  );

  it('moments: cut-outs beside the originals (deleted again when the upload went meanwhile), keepsakes in compositions/, and ListBucket on renders so a missing free keepsake is a 404', () => {
    expect(objectGrants(handler('moments').role)).toEqual({
      'uploads/*': [
        's3:DeleteObject',
        's3:DeleteObjectTagging',
        's3:GetObject',
        's3:PutObject',
        's3:PutObjectTagging',
      ],
      'renders/templates/*': ['s3:GetObject'],
      // DeleteObject: an HD drawing whose credit was gone by the time it was made, or whose photo was
      // deleted meanwhile. Tagging: written pending, untagged once recorded under the photo.
      'renders/compositions/*': [
        's3:DeleteObject',
        's3:DeleteObjectTagging',
        's3:GetObject',
        's3:PutObject',
        's3:PutObjectTagging',
      ],
      renders: ['s3:ListBucket'],
    });
  });

  it('of the API roles only uploads, payments, webhooks and admin (AI tests) may send to the render queue', () => {
    const renderQueue = logicalId(t.stack.renderPipeline.queue);
    const sendsToRenderQueue = (statement: ReturnType<typeof roleStatements>[number]) =>
      actionsOf(statement).includes('sqs:SendMessage') && text(statement.Resource).includes(renderQueue);
    const senders = [...t.stack.api.handlers]
      .filter(([, fn]) => roleStatements(t.template, fn.role).some(sendsToRenderQueue))
      .map(([group]) => group)
      .sort();
    expect(senders).toEqual(['admin', 'payments', 'uploads', 'webhooks']);
  });

  it('admin: presigns reads of hd/ (age tests) and ai-tests/ (test runs), stores the demo image as an upload, queues renders and packs; no keys', () => {
    expect(objectGrants(handler('admin').role)).toEqual({
      'renders/templates/*': ['s3:DeleteObject', 's3:PutObject'],
      'renders/hd/*': ['s3:GetObject'],
      'renders/ai-tests/*': ['s3:GetObject'],
      // Written, never read back: the render worker reads the photo.
      'uploads/users/*': ['s3:DeleteObjectTagging', 's3:PutObject', 's3:PutObjectTagging'],
    });
    const sqs = sqsStatements('admin');
    expect(sqs.flatMap(actionsOf)).toEqual(['sqs:SendMessage', 'sqs:SendMessage']);
    expect(sqs.map((s) => s.Resource)).toEqual(
      expect.arrayContaining([
        { 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.queue), 'Arn'] },
        { 'Fn::GetAtt': [logicalId(t.stack.packPipeline.queue), 'Arn'] },
      ]),
    );
    // The admin routes only queue work for the render worker, which calls the provider itself.
    expect(actions('admin').filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
    const env = resourceOf(t.template, handler('admin').function).Properties!.Environment.Variables;
    expect(env.RENDER_QUEUE_URL).toEqual({ Ref: logicalId(t.stack.renderPipeline.queue) });
  });

  it('worker: reads uploads, writes only previews/, hd/ and (put only) ai-tests/ of renders, consumes the queue and re-queues only on it', () => {
    const statements = roleStatements(t.template, t.stack.renderPipeline.worker.role);
    const onRenders = statements.filter((s) => text(s.Resource).includes(bucketId('renders')));
    expect(onRenders.flatMap(actionsOf)).not.toContain('s3:GetObject');
    expect([...new Set(onRenders.flatMap(actionsOf))].sort()).toEqual([
      's3:DeleteObject',
      's3:DeleteObjectTagging',
      's3:PutObject',
      's3:PutObjectTagging',
    ]);
    expect(objectGrants(t.stack.renderPipeline.worker.role)).toEqual({
      'uploads/*': ['s3:GetObject'],
      'renders/previews/*': [
        's3:DeleteObject',
        's3:DeleteObjectTagging',
        's3:PutObject',
        's3:PutObjectTagging',
      ],
      'renders/hd/*': ['s3:DeleteObject', 's3:DeleteObjectTagging', 's3:PutObject', 's3:PutObjectTagging'],
      'renders/ai-tests/*': ['s3:PutObject'],
    });
    const onUploads = statements.filter((s) => text(s.Resource).includes(bucketId('uploads')));
    expect(onUploads.flatMap(actionsOf)).toEqual(['s3:GetObject']);
    expect(statements.flatMap(actionsOf)).toContain('sqs:ReceiveMessage');
    // The sweep re-queues stuck renders: on the render queue, and nowhere else.
    const sends = statements.filter((s) => actionsOf(s).includes('sqs:SendMessage'));
    expect(sends.map((s) => [actionsOf(s), s.Resource])).toEqual([
      [['sqs:SendMessage'], { 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.queue), 'Arn'] }],
    ]);
  });

  it('worker: may read the Stripe keys (a paid render that fails for good is refunded) and names them', () => {
    const reads = roleStatements(t.template, t.stack.renderPipeline.worker.role).filter((statement) =>
      actionsOf(statement).includes('secretsmanager:GetSecretValue'),
    );
    expect(reads.some((statement) => text(statement.Resource).includes(secretId()))).toBe(true);
    const worker = Object.values(t.template.findResources('AWS::Lambda::Function')).find((fn) =>
      text(fn.Properties?.Description).includes('Renders the age previews'),
    );
    expect(text(worker?.Properties?.Environment?.Variables?.STRIPE_SECRET_ARN)).toContain(secretId());
  });

  it('worker: may send email (SES v2) from the sender address only, read the Replicate keys, and gained nothing else', () => {
    const statements = roleStatements(t.template, t.stack.renderPipeline.worker.role);
    expect([...new Set(statements.flatMap(actionsOf))].sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      's3:DeleteObject',
      's3:DeleteObjectTagging',
      's3:GetObject',
      's3:PutObject',
      's3:PutObjectTagging',
      'secretsmanager:GetSecretValue',
      'ses:SendEmail',
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
      'sqs:SendMessage',
    ]);
    const ses = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(actionsOf(ses[0])).toEqual(['ses:SendEmail']);
    expect(ses[0].Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.com' } });
    // The sender's identities (the address, or its verified domain), never identity/*.
    expect(resourcesOf(ses[0]).map(text)).toEqual([
      expect.stringMatching(/:ses:eu-west-1:123456789012:identity\/no-reply@example\.com"/),
      expect.stringMatching(/:ses:eu-west-1:123456789012:identity\/example\.com"/),
    ]);
    const apiActions = [...t.stack.api.handlers.values()].flatMap((fn) =>
      roleStatements(t.template, fn.role).flatMap(actionsOf),
    );
    expect(apiActions.filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it('the renders bucket lets CloudFront read its public keys only, so hd/ and template originals never are', () => {
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
    expect(text(allows[0])).not.toContain('native');
    expect(text(allows[0])).not.toContain('/compositions/');
  });
});
