import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';
import { describe, expect, it } from 'vitest';
import {
  bindUserPoolId,
  type CfnTemplate,
  extractPolicies,
  loadStackPolicies,
  localArns,
  PENDING_USER_POOL_ID,
  synthesizeStackPolicies,
} from './stack-policies';

const bucketArn = { 'Fn::GetAtt': ['UploadsB', 'Arn'] };
const roles = Object.fromEntries(LAMBDA_NAMES.map((name) => [name, 'OtherRole'])) as Record<
  LambdaName,
  string
>;
roles.uploads = 'UploadsRole';

function template(extra: CfnTemplate['Resources'] = {}): CfnTemplate {
  return {
    Resources: {
      UploadsB: { Type: 'AWS::S3::Bucket' },
      SiteB: { Type: 'AWS::S3::Bucket' },
      Logs1: { Type: 'AWS::Logs::LogGroup' },
      Pool1: { Type: 'AWS::Cognito::UserPool' },
      UploadsRole: {
        Type: 'AWS::IAM::Role',
        Properties: {
          Policies: [
            {
              PolicyName: 'Inline',
              PolicyDocument: {
                Statement: [{ Effect: 'Allow', Action: 's3:ListBucket', Resource: bucketArn }],
              },
            },
          ],
        },
      },
      OtherRole: { Type: 'AWS::IAM::Role', Properties: {} },
      UploadsPolicy: {
        Type: 'AWS::IAM::Policy',
        Properties: {
          Roles: [{ Ref: 'UploadsRole' }],
          PolicyDocument: {
            Statement: [
              { Effect: 'Allow', Action: 'logs:PutLogEvents', Resource: { 'Fn::GetAtt': ['Logs1', 'Arn'] } },
              { Effect: 'Allow', Action: 's3:GetObject', Resource: { 'Fn::Join': ['', [bucketArn, '/*']] } },
              {
                Effect: 'Allow',
                Action: 'cognito-idp:AdminGetUser',
                Resource: { 'Fn::GetAtt': ['Pool1', 'Arn'] },
              },
            ],
          },
        },
      },
      UploadsBPolicy: {
        Type: 'AWS::S3::BucketPolicy',
        Properties: {
          Bucket: { Ref: 'UploadsB' },
          PolicyDocument: {
            Statement: [{ Effect: 'Deny', Principal: { AWS: '*' }, Action: 's3:*', Resource: bucketArn }],
          },
        },
      },
      // The site bucket is CloudFront's: not emulated, so its policy is not wanted (nor resolvable).
      SitePolicy: {
        Type: 'AWS::S3::BucketPolicy',
        Properties: {
          Bucket: { Ref: 'SiteB' },
          PolicyDocument: { Statement: [{ Resource: { Ref: 'SiteB' } }] },
        },
      },
      ...extra,
    },
  };
}
const local = {
  UploadsB: { type: 'AWS::S3::Bucket', ref: 'uploads', attributes: { Arn: 'arn:aws:s3:::uploads' } },
  Pool1: {
    type: 'AWS::Cognito::UserPool',
    ref: PENDING_USER_POOL_ID,
    attributes: { Arn: localArns.userPool(PENDING_USER_POOL_ID) },
  },
};

describe('extractPolicies', () => {
  it("collects a role's inline and attached policies, resolved to local ARNs", () => {
    const { lambdas } = extractPolicies({ template: template(), roles, local });
    expect(lambdas.uploads.roleName).toBe('UploadsRole');
    expect(lambdas.uploads.functionName).toBe('little-futures-uploads');
    expect(lambdas.uploads.policies).toEqual([
      {
        name: 'Inline',
        document: {
          Statement: [{ Effect: 'Allow', Action: 's3:ListBucket', Resource: 'arn:aws:s3:::uploads' }],
        },
      },
      {
        name: 'UploadsPolicy',
        document: {
          Statement: [
            {
              Effect: 'Allow',
              Action: 'logs:PutLogEvents',
              // Not emulated: a stand-in named by logical id.
              Resource: 'arn:aws:logs:us-east-1:000000000000:log-group:Logs1:*',
            },
            { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::uploads/*' },
            {
              Effect: 'Allow',
              Action: 'cognito-idp:AdminGetUser',
              Resource: `arn:aws:cognito-idp:us-east-1:000000000000:userpool/${PENDING_USER_POOL_ID}`,
            },
          ],
        },
      },
    ]);
    expect(lambdas.system.policies).toEqual([]);
  });

  it('keys the resource policies of emulated resources by their ARN', () => {
    const { resourcePolicies } = extractPolicies({ template: template(), roles, local });
    expect(Object.keys(resourcePolicies)).toEqual(['arn:aws:s3:::uploads']);
    expect(resourcePolicies['arn:aws:s3:::uploads']).toEqual({
      Statement: [
        { Effect: 'Deny', Principal: { AWS: '*' }, Action: 's3:*', Resource: 'arn:aws:s3:::uploads' },
      ],
    });
  });

  it('binds the user pool id once it is known', () => {
    const bound = bindUserPoolId(extractPolicies({ template: template(), roles, local }), 'us-east-1_abc');
    expect(JSON.stringify(bound)).not.toContain(PENDING_USER_POOL_ID);
    expect(JSON.stringify(bound)).toContain('userpool/us-east-1_abc');
  });

  it('refuses what it cannot know locally', () => {
    const managed = template({
      OtherRole: { Type: 'AWS::IAM::Role', Properties: { ManagedPolicyArns: ['arn:aws:iam::aws:policy/X'] } },
    });
    expect(() => extractPolicies({ template: managed, roles, local })).toThrow(/managed policies/);
    const unknown = template({
      Weird: {
        Type: 'AWS::IAM::Policy',
        Properties: {
          Roles: [{ Ref: 'UploadsRole' }],
          PolicyDocument: { Statement: [{ Resource: { Ref: 'Topic1' } }] },
        },
      },
    });
    expect(() => extractPolicies({ template: unknown, roles, local })).toThrow(
      /Cannot resolve .*Topic1.* in Weird/,
    );
    const wrongType = { ...local, SiteB: { ...local.UploadsB, type: 'AWS::SQS::Queue' } };
    expect(() => extractPolicies({ template: template(), roles, local: wrongType })).toThrow(
      /SiteB is AWS::S3::Bucket/,
    );
  });
});

describe('the synthesized stack (infra/stack.ts)', () => {
  it('gives every Lambda its role and the app resources their policies, cached as synthesized', async () => {
    const started = performance.now();
    const fresh = await synthesizeStackPolicies();
    console.log(`synthesized the stack's policies in ${Math.round(performance.now() - started)} ms`);
    for (const name of LAMBDA_NAMES) {
      expect(fresh.lambdas[name].roleName, name).toMatch(/Role[0-9A-F]{8}$/);
      expect(fresh.lambdas[name].policies.length, name).toBeGreaterThan(0);
    }
    expect(Object.keys(fresh.resourcePolicies).sort()).toEqual([
      'arn:aws:s3:::renders',
      'arn:aws:s3:::uploads',
      'arn:aws:sqs:us-east-1:000000000000:pack',
      'arn:aws:sqs:us-east-1:000000000000:pack-dlq',
      'arn:aws:sqs:us-east-1:000000000000:render',
      'arn:aws:sqs:us-east-1:000000000000:render-dlq',
    ]);
    // Table, bucket and queue names are the local stack's (scripts/local/resources.ts), never AWS's.
    const text = JSON.stringify(fresh);
    expect(text).toContain('arn:aws:dynamodb:us-east-1:000000000000:table/little-futures/index/gsi1');
    expect(text).toContain('arn:aws:s3:::renders/compositions/*');
    expect(text).toContain('arn:aws:sqs:us-east-1:000000000000:render"');
    expect(text).not.toMatch(/Fn::|"Ref"/);
    expect(await loadStackPolicies()).toEqual(fresh);
  });
});
