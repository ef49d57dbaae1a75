/**
 * Least-privilege grants written out by hand: the CDK `grant*` helpers add actions we never use
 * (Scan, DescribeTable, ListBucket, every index with `index/*`), which the roles here should not have.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';

/** Item reads and writes, transactions included (they are authorised per item action). No Scan. */
export const TABLE_ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export function grantTableItems(role: iam.IRole, table: dynamodb.ITable, indexNames: string[]): void {
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: TABLE_ITEM_ACTIONS,
      resources: [table.tableArn, ...indexNames.map((name) => `${table.tableArn}/index/${name}`)],
    }),
  );
}

/** Send only: `grantSendMessages` adds GetQueueAttributes and GetQueueUrl, which the URL in env makes moot. */
export function grantSendMessage(role: iam.IRole, queue: sqs.IQueue): void {
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }),
  );
}

/** Read the value only: `grantRead` adds DescribeSecret, which the runtime never calls. */
export function grantSecretValue(role: iam.IRole, secret: secretsmanager.ISecret): void {
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
}

/**
 * Object actions on the keys matching `keyPattern` (e.g. `previews/*`). Object keys hold upload ids
 * made at run time, so the pattern needs a wildcard; the cdk-nag finding for exactly that resource is
 * acknowledged on the role with `reason`.
 */
export function grantObjects(
  role: iam.Role,
  bucket: s3.IBucket,
  actions: string[],
  keyPattern: string,
  reason: string,
): void {
  const resource = bucket.arnForObjects(keyPattern);
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [resource] }));
  acknowledge(role, `AwsSolutions-IAM5[Resource::${nagResourceName(role, resource)}]`, reason);
}

/** cdk-nag 3 findings are acknowledged one by one; repeating the same finding on a scope is harmless. */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * A resource ARN as cdk-nag names it in a finding: intrinsics flattened, e.g.
 * `<StorageUploadsBDC5E374.Arn>/*` or `arn:<AWS::Partition>:s3:::bucket/*`.
 */
export function nagResourceName(scope: IConstruct, arn: string): string {
  const visit = (node: unknown): string => {
    if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
    if (node && typeof node === 'object') {
      const fn = node as Record<string, unknown>;
      if (Array.isArray(fn['Fn::Join'])) {
        const [delimiter, items] = fn['Fn::Join'] as [string, unknown[]];
        return items.map(visit).join(delimiter);
      }
      if (fn['Fn::Sub'] !== undefined) return visit(fn['Fn::Sub']);
      if (Array.isArray(fn['Fn::GetAtt'])) {
        const [resource, attribute] = fn['Fn::GetAtt'] as unknown[];
        return `<${visit(resource)}.${visit(attribute)}>`;
      }
      if (fn.Ref !== undefined) return `<${visit(fn.Ref)}>`;
    }
    return JSON.stringify(node);
  };
  return visit(Stack.of(scope).resolve(arn));
}
