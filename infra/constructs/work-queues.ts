/**
 * A worker's SQS queue and its dead-letter queue (with its alarm and any schedule tick), named after the stack as in the local stack (two
 * stages can share an account), encrypted, TLS only, with the retries of shared/deployment.ts.
 */
import type { QUEUES } from '@shared/deployment';
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
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

/**
 * An EventBridge Scheduler tick that puts `message` on the queue every `minutes`. A missed tick is
 * harmless (the next one finds the same work), so there are no retries and a tick lives one period.
 */
export function queueTick(
  scope: Construct,
  id: string,
  queue: sqs.IQueue,
  {
    description,
    minutes,
    message,
  }: { description: string; minutes: number; message: Record<string, unknown> },
): scheduler.Schedule {
  return new scheduler.Schedule(scope, id, {
    description,
    schedule: scheduler.ScheduleExpression.rate(Duration.minutes(minutes)),
    target: new targets.SqsSendMessage(queue, {
      input: scheduler.ScheduleTargetInput.fromObject(message),
      retryAttempts: 0,
      maxEventAge: Duration.minutes(minutes),
    }),
  });
}

/** Alarms as soon as one message reaches the dead-letter queue (the worker has recorded why). */
export function deadLetterAlarm(
  scope: Construct,
  id: string,
  deadLetterQueue: sqs.IQueue,
  alarmDescription: string,
): cloudwatch.Alarm {
  return new cloudwatch.Alarm(scope, id, {
    alarmDescription,
    metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(1),
      statistic: cloudwatch.Stats.MAXIMUM,
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
}
