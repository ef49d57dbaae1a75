/**
 * DynamoDB's JSON protocol (`X-Amz-Target: DynamoDB_20120810.<Op>`) as the permissions AWS checks:
 * the operation on its table (or the index a Query or Scan reads), batches per table, and
 * transactions per item with the item action (a transaction has no permission of its own).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type Check, type Classification, checked, jsonBody, targetOperation } from './classification';
import { localArns } from './stack-policies';

const TARGET_PREFIX = 'DynamoDB_20120810';

/** Operations on no particular table: IAM names them on `*`. */
const ACCOUNT_OPERATIONS = new Set(['ListTables', 'DescribeLimits', 'DescribeEndpoints', 'ListBackups']);

const TRANSACT_WRITE_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

/** A TableName may also be a table's ARN. */
const tableArn = (name: string) => (name.startsWith('arn:') ? name : localArns.table(name));

export function classifyDynamoDb(
  headers: IncomingHttpHeaders,
  body: Buffer | string | undefined,
): Classification {
  const operation = targetOperation(headers, TARGET_PREFIX);
  const input = jsonBody(body);
  if (!operation || !input) return { kind: 'unrecognised', operation: operation ?? 'DynamoDB request' };
  if (ACCOUNT_OPERATIONS.has(operation)) {
    return checked(operation, [{ action: `dynamodb:${operation}`, resource: '*' }]);
  }

  if (operation === 'BatchGetItem' || operation === 'BatchWriteItem') {
    const tables = Object.keys((input.RequestItems ?? {}) as Record<string, unknown>);
    if (!tables.length) return { kind: 'unrecognised', operation };
    return checked(
      operation,
      tables.map((t) => ({ action: `dynamodb:${operation}`, resource: tableArn(t) })),
    );
  }

  if (operation === 'TransactWriteItems' || operation === 'TransactGetItems') {
    const items = (Array.isArray(input.TransactItems) ? input.TransactItems : []) as Record<
      string,
      { TableName?: unknown }
    >[];
    const checks: Check[] = [];
    for (const item of items) {
      const [kind, request] = Object.entries(item)[0] ?? [];
      const action =
        operation === 'TransactGetItems' ? 'dynamodb:GetItem' : TRANSACT_WRITE_ACTIONS[kind ?? ''];
      if (!action || typeof request?.TableName !== 'string') return { kind: 'unrecognised', operation };
      checks.push({ action, resource: tableArn(request.TableName) });
    }
    return checks.length ? checked(operation, checks) : { kind: 'unrecognised', operation };
  }

  // PartiQL names its table inside a statement; the app never uses it, so it is not guessed here.
  if (typeof input.TableName !== 'string') return { kind: 'unrecognised', operation };
  const table = tableArn(input.TableName);
  const index = operation === 'Query' || operation === 'Scan' ? input.IndexName : undefined;
  const resource = typeof index === 'string' ? `${table}/index/${index}` : table;
  return checked(operation, [{ action: `dynamodb:${operation}`, resource }]);
}
