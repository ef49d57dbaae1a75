/**
 * SQS requests, in the JSON protocol the SDK v3 speaks (`X-Amz-Target: AmazonSQS.<Op>`) or the older
 * query protocol (a form body with `Action=`), as `sqs:<Op>` on the queue's ARN. fauxqs serves SNS
 * and a stand-in of STS's GetCallerIdentity on the same form protocol; they are named too.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type Classification, checked, header, jsonBody, targetOperation } from './classification';
import { localArns } from './stack-policies';

/** Batches are authorised as their single action. */
const BATCH_ACTIONS: Record<string, string> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

/** Operations on no particular queue. */
const ACCOUNT_OPERATIONS = new Set(['ListQueues']);

const SQS_QUERY_ACTIONS = new Set([
  'AddPermission',
  'ChangeMessageVisibility',
  'ChangeMessageVisibilityBatch',
  'CreateQueue',
  'DeleteMessage',
  'DeleteMessageBatch',
  'DeleteQueue',
  'GetQueueAttributes',
  'GetQueueUrl',
  'ListDeadLetterSourceQueues',
  'ListQueueTags',
  'ListQueues',
  'PurgeQueue',
  'ReceiveMessage',
  'RemovePermission',
  'SendMessage',
  'SendMessageBatch',
  'SetQueueAttributes',
  'TagQueue',
  'UntagQueue',
  'StartMessageMoveTask',
  'CancelMessageMoveTask',
  'ListMessageMoveTasks',
]);

/** Whether the request is one of SQS (or the form protocol's SNS/STS) rather than S3. */
export function isQueueRequest(method: string, headers: IncomingHttpHeaders): boolean {
  if (targetOperation(headers, 'AmazonSQS')) return true;
  return (
    method === 'POST' && (header(headers, 'content-type') ?? '').includes('application/x-www-form-urlencoded')
  );
}

/** A queue's name: the last segment of its URL (`http://host/<account>/<name>`). */
export function queueNameOf(queueUrl: string): string | undefined {
  try {
    return new URL(queueUrl).pathname.split('/').filter(Boolean).pop();
  } catch {
    return undefined;
  }
}

function sqsCheck(operation: string, queueUrl: unknown, queueName: unknown, path: string): Classification {
  const action = `sqs:${BATCH_ACTIONS[operation] ?? operation}`;
  if (ACCOUNT_OPERATIONS.has(operation)) return checked(operation, [{ action, resource: '*' }]);
  const name =
    (typeof queueUrl === 'string' ? queueNameOf(queueUrl) : undefined) ??
    (typeof queueName === 'string' ? queueName : undefined) ??
    // The query protocol may also post to the queue's own URL.
    path.split('/').filter(Boolean).pop();
  return name
    ? checked(operation, [{ action, resource: localArns.queue(name) }])
    : { kind: 'unrecognised', operation };
}

export function classifySqs(
  req: { method: string; url: string; headers: IncomingHttpHeaders },
  body: Buffer | string | undefined,
): Classification {
  const jsonOperation = targetOperation(req.headers, 'AmazonSQS');
  if (jsonOperation) {
    const input = jsonBody(body);
    if (!input) return { kind: 'unrecognised', operation: jsonOperation };
    return sqsCheck(jsonOperation, input.QueueUrl, input.QueueName, '');
  }
  const form = new URLSearchParams(body?.toString() ?? '');
  const action = form.get('Action');
  if (!action) return { kind: 'unrecognised', operation: 'form request without Action' };
  // Who am I: STS answers it for any valid key without any permission.
  if (action === 'GetCallerIdentity') return { kind: 'public', operation: action };
  if (SQS_QUERY_ACTIONS.has(action)) {
    return sqsCheck(
      action,
      form.get('QueueUrl'),
      form.get('QueueName'),
      new URL(req.url, 'http://local').pathname,
    );
  }
  const topic = form.get('TopicArn');
  return checked(action, [{ action: `sns:${action}`, resource: topic ?? '*' }]);
}
