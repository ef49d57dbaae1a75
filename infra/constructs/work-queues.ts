/**
 * A worker's SQS queue and its dead-letter queue, named after the stack as in the local stack (two
 * stages can share an account), encrypted, TLS only, with the retries of shared/deployment.ts.
 */
import type { QUEUES } from '@shared/deployment';
import { Duration, Stack } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** AWS guidance for SQS-triggered functions: visibility timeout at least six times the function timeout. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

/** `idPrefix` keeps the construct ids (and so the deployed queues) those the stack always had. */
export function workQueues(
  scope: Construct,
  idPrefix: string,
  names: (typeof QUEUES)[keyof typeof QUEUES],
  workerTimeout: Duration,
): { queue: sqs.Queue; deadLetterQueue: sqs.Queue } {
  const queueName = (name: string) => `${Stack.of(scope).stackName}-${name}`;
  const deadLetterQueue = new sqs.Queue(scope, `${idPrefix}DeadLetterQueue`, {
    queueName: queueName(names.deadLetterName),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  const queue = new sqs.Queue(scope, `${idPrefix}Queue`, {
    queueName: queueName(names.name),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(workerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR),
    // A message that fails this many times goes to the dead-letter queue; the worker has recorded why.
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: names.maxReceiveCount },
  });
  return { queue, deadLetterQueue };
}
