import { ANONYMOUS_RETENTION_DAYS } from '@shared/catalog';
import { RENDER_SWEEP_TICK_MINUTES } from '@shared/deployment';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDesign } from '../functions/adapters/dynamo/table-design';
import { synthTestStack, type TestStack } from './testing/synth-test-stack';
import { logicalId, onlyResource, resourceOf, resources, text } from './testing/template-queries';

let t: TestStack;
beforeAll(() => {
  t = synthTestStack();
});

describe('Data: the single table', () => {
  it('is keyed and indexed as table-design.ts says', () => {
    const table = onlyResource(t.template, 'AWS::DynamoDB::Table').Properties!;
    expect(table.KeySchema).toEqual([
      { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'gsi1',
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: 'gsi2',
        KeySchema: [
          { AttributeName: 'gsi2pk', KeyType: 'HASH' },
          { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
    for (const name of ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']) {
      expect(table.AttributeDefinitions).toContainEqual({ AttributeName: name, AttributeType: 'S' });
    }
  });

  it('expires items by the ttl attribute, bills on demand and keeps point-in-time recovery', () => {
    t.template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });
});

describe('Storage', () => {
  const bucket = (construct: IConstruct) => resourceOf(t.template, construct);

  it('blocks public access, encrypts with S3-managed keys and refuses plain HTTP on every bucket', () => {
    const buckets = resources(t.template, 'AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(4);
    const policies = Object.values(resources(t.template, 'AWS::S3::BucketPolicy'));
    for (const [id, b] of Object.entries(buckets)) {
      expect(b.Properties?.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(text(b.Properties?.BucketEncryption)).toContain('AES256');
      const policy = policies.find((p) => p.Properties?.Bucket.Ref === id);
      expect(policy?.Properties?.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('expires anonymous uploads (temp/ prefix and retention=anonymous tag) after the retention period', () => {
    const rules = bucket(t.stack.storage.uploads).Properties?.LifecycleConfiguration.Rules;
    expect(ANONYMOUS_RETENTION_DAYS).toBe(30);
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: 'temp/',
        ExpirationInDays: ANONYMOUS_RETENTION_DAYS,
        Status: 'Enabled',
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({
        TagFilters: [{ Key: 'retention', Value: 'anonymous' }],
        ExpirationInDays: ANONYMOUS_RETENTION_DAYS,
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
  });

  it('keeps raw browser uploads (incoming/, may carry camera metadata) for a day at most', () => {
    const rules = bucket(t.stack.storage.uploads).Properties?.LifecycleConfiguration.Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'incoming/', ExpirationInDays: 1 }));
  });

  it('expires anonymous-tagged renders and aborts stale multipart uploads', () => {
    const rules = bucket(t.stack.storage.renders).Properties?.LifecycleConfiguration.Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        TagFilters: [{ Key: 'retention', Value: 'anonymous' }],
        ExpirationInDays: ANONYMOUS_RETENTION_DAYS,
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
  });

  it('lets only the site origin PUT photos into, and read cut-outs from, the uploads bucket (CORS)', () => {
    // Set after the distribution exists (the CSP names the bucket, so the bucket cannot name the site).
    const cors = resourceOf(t.template, t.stack.storage.uploadsCors!.node.findChild('Resource')).Properties!;
    for (const call of [cors.Create, cors.Update]) {
      const sent = text(call);
      expect(sent).toContain('putBucketCors');
      expect(sent).toContain(logicalId(t.stack.storage.uploads));
      expect(sent).toContain(logicalId(t.stack.site.distribution));
      expect(sent).toContain('\\"AllowedMethods\\":[\\"PUT\\",\\"GET\\"]');
    }
    for (const b of [t.stack.storage.uploads, t.stack.storage.renders])
      expect(bucket(b).Properties?.CorsConfiguration).toBeUndefined();
  });

  it('logs bucket access to the access-log bucket', () => {
    for (const b of [t.stack.storage.uploads, t.stack.storage.renders, t.stack.site.bucket]) {
      expect(bucket(b).Properties?.LoggingConfiguration.DestinationBucketName).toEqual({
        Ref: logicalId(t.stack.storage.accessLogs),
      });
    }
  });
});

describe('Render pipeline', () => {
  const queue = () => resourceOf(t.template, t.stack.renderPipeline.queue);

  it('sends a message to the dead-letter queue after 3 failed receives', () => {
    expect(queue().Properties?.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.deadLetterQueue), 'Arn'] },
      maxReceiveCount: 3,
    });
  });

  it('keeps messages invisible for at least six worker timeouts', () => {
    const workerTimeout = resourceOf(t.template, t.stack.renderPipeline.worker.function).Properties!
      .Timeout as number;
    expect(workerTimeout).toBeGreaterThanOrEqual(55);
    expect(queue().Properties?.VisibilityTimeout).toBeGreaterThanOrEqual(6 * workerTimeout);
  });

  it('encrypts both queues and refuses plain HTTP', () => {
    const pipeline = [t.stack.renderPipeline.queue, t.stack.renderPipeline.deadLetterQueue].map(logicalId);
    const queues = Object.fromEntries(
      Object.entries(resources(t.template, 'AWS::SQS::Queue')).filter(([id]) => pipeline.includes(id)),
    );
    expect(Object.keys(queues)).toHaveLength(2);
    const policies = Object.values(resources(t.template, 'AWS::SQS::QueuePolicy'));
    for (const [id, q] of Object.entries(queues)) {
      expect(q.Properties?.SqsManagedSseEnabled).toBe(true);
      const policy = policies.find((p) => text(p.Properties?.Queues).includes(id));
      expect(policy?.Properties?.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('runs the worker on Node.js 22+ arm64 with 2 GB for a minute, an AI test run waiting 25 s on its model', () => {
    const props = resourceOf(t.template, t.stack.renderPipeline.worker.function).Properties!;
    expect(Number(/^nodejs(\d+)/.exec(props.Runtime)?.[1])).toBeGreaterThanOrEqual(22);
    expect(props.Architectures).toEqual(['arm64']);
    expect(props.MemorySize).toBe(2048);
    expect(props.Timeout).toBe(60);
    expect(props.Environment.Variables.REPLICATE_TIMEOUT_SECONDS).toBe('25');
  });

  it("names the site's AI webhook to hosted predictions: SITE_URL is the distribution's URL", () => {
    const env = resourceOf(t.template, t.stack.renderPipeline.worker.function).Properties!.Environment
      .Variables;
    expect(env.SITE_URL).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(t.stack.site.distribution), 'DomainName'] }]],
    });
  });

  it(`sweeps every ${RENDER_SWEEP_TICK_MINUTES} minutes with a "sweep" message on the render queue, sent by a role that may do only that`, () => {
    const schedule = resourceOf(t.template, t.stack.renderPipeline.sweepSchedule).Properties!;
    expect(schedule.ScheduleExpression).toBe(`rate(${RENDER_SWEEP_TICK_MINUTES} minutes)`);
    expect(schedule.State).not.toBe('DISABLED');
    expect(schedule.Target.Arn).toEqual({ 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.queue), 'Arn'] });
    expect(JSON.parse(schedule.Target.Input)).toEqual({ kind: 'sweep' });
    // A missed tick is harmless: no retries, and a tick older than the next one is dropped.
    expect(schedule.Target.RetryPolicy).toEqual({
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: RENDER_SWEEP_TICK_MINUTES * 60,
    });
    const roleId = schedule.Target.RoleArn['Fn::GetAtt'][0];
    const statements = Object.values(resources(t.template, 'AWS::IAM::Policy'))
      .filter((p) => text(p.Properties?.Roles).includes(roleId))
      .flatMap((p) => p.Properties?.PolicyDocument.Statement);
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.queue), 'Arn'] },
      },
    ]);
  });

  it('feeds the worker batches of 5 and retries only the failed items', () => {
    t.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.queue), 'Arn'] },
      FunctionName: { Ref: logicalId(t.stack.renderPipeline.worker.function) },
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('alarms as soon as a message reaches the dead-letter queue', () => {
    t.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.deadLetterQueue), 'QueueName'] },
        },
      ],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });
});

describe('Auth', () => {
  it('signs in by email with self sign-up, email verification and an 8+ character password', () => {
    t.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
    });
  });

  it('has a public app client with SRP, password and refresh flows, and the admins group', () => {
    t.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
    });
    t.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
  });
});

describe('Outputs and checks', () => {
  it('outputs what the frontend and operators need', () => {
    const outputs = Object.keys(t.template.toJSON().Outputs);
    for (const name of [
      'SiteUrl',
      'ApiUrl',
      'UserPoolId',
      'UserPoolClientId',
      'TableName',
      'UploadsBucketName',
      'RendersBucketName',
    ]) {
      expect(outputs).toContain(name);
    }
  });

  it('has no dependency cycle, though the worker and payments name the distribution (SITE_URL)', () => {
    // CDK's assertions refuse a cyclic template, so the synth of beforeAll has already proved it.
    // The distribution needs the HTTP API and the renders bucket, never a function that names it.
    const cyclic = {
      Resources: {
        Worker: {
          Type: 'AWS::Lambda::Function',
          Properties: { Url: { 'Fn::GetAtt': ['Cdn', 'DomainName'] } },
        },
        Cdn: {
          Type: 'AWS::CloudFront::Distribution',
          Properties: { Origin: { 'Fn::GetAtt': ['Worker', 'Arn'] } },
        },
      },
    };
    expect(() => Template.fromJSON(cyclic)).toThrow(/dependency cycle: Worker -> Cdn -> Worker/);
    const distribution = text(resourceOf(t.template, t.stack.site.distribution));
    for (const fn of [...t.stack.api.handlers.values(), t.stack.renderPipeline.worker]) {
      expect(distribution).not.toContain(logicalId(fn.function));
    }
  });

  it('dev stage deletes data with the stack', () => {
    expect(onlyResource(t.template, 'AWS::DynamoDB::Table').DeletionPolicy).toBe('Delete');
  });

  it('passes the AWS Solutions checks (dev stage, site not built)', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(t.app);
    expect(report.violations).toEqual([]);
  });
});
