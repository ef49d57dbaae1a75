/**
 * Template packs' generation: the pack queue and its dead-letter queue and
 * alarm, the pack worker that draws a run's scenes into templates, and the EventBridge Scheduler
 * schedule whose tick (a `scheduled` message on the same queue) queues the packs due a run.
 */
import { MAX_RENDER_ATTEMPTS, PACK_SCHEDULE_TICK_MINUTES, QUEUES, S3_PREFIXES } from '@shared/deployment';
import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AppFunction } from './app-function';
import { grantObjects, grantSendMessage, grantTableItems } from './grants';
import { deadLetterAlarm, queueTick, workQueues } from './work-queues';

/** Five 2048² scenes drawn two at a time, with room for a cold start. */
export const PACK_WORKER_TIMEOUT = Duration.seconds(120);
export const PACK_WORKER_MEMORY_MB = 3008;
/**
 * REPLICATE_TIMEOUT_SECONDS of the pack worker when scenes are hosted: a run's five scenes go two at
 * a time, three rounds of at most 25 s of model, which leaves 45 s for downloads and drawing.
 */
export const PACK_WORKER_MODEL_WAIT = Duration.seconds(25);
/**
 * What the worker's entry loads (infra/lambda-modules.test.ts checks it): scenes are drawn on Skia
 * and encoded by sharp; it builds the scene generator alone, so no face model.
 */
export const PACK_WORKER_NODE_MODULES = ['sharp', '@napi-rs/canvas'];

export type PackPipelineProps = {
  table: dynamodb.ITable;
  tableIndexNames: string[];
  renders: s3.IBucket;
  /** Runtime configuration shared with the API (functions/adapters/config.ts), without the queue URL. */
  environment: Record<string, string>;
};

export class PackPipeline extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly worker: AppFunction;
  readonly schedule: scheduler.Schedule;
  readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: PackPipelineProps) {
    super(scope, id);

    // After the last attempt the worker has cleared the run from the pack with its reason.
    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = workQueues(
      this,
      'Pack',
      QUEUES.pack,
      PACK_WORKER_TIMEOUT,
    ));

    this.worker = new AppFunction(this, 'PackWorker', {
      entry: 'functions/lambda/pack-worker.ts',
      description: "Draws a pack's scenes into templates; queues the packs due a scheduled run",
      memorySize: PACK_WORKER_MEMORY_MB,
      timeout: PACK_WORKER_TIMEOUT,
      environment: { ...props.environment, PACK_QUEUE_URL: this.queue.queueUrl },
      nodeModules: PACK_WORKER_NODE_MODULES,
    });
    this.worker.function.addEventSource(
      new SqsEventSource(this.queue, {
        // A message is a whole run: one per invocation.
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: 2,
      }),
    );

    const role = this.worker.role;
    grantTableItems(role, props.table, props.tableIndexNames);
    grantObjects(
      role,
      props.renders,
      ['s3:PutObject'],
      `${S3_PREFIXES.templates.prefix}*`,
      'The pack worker writes templates/<id>/native.jpg, wm.jpg and thumb.webp of the templates it makes; ids are made at run time.',
    );
    // The scheduler's tick queues the due packs' runs on this same queue.
    grantSendMessage(role, this.queue);

    this.schedule = queueTick(this, 'PackSchedule', this.queue, {
      description: 'Looks for template packs due a scheduled generation',
      minutes: PACK_SCHEDULE_TICK_MINUTES,
      message: { kind: 'scheduled' },
    });

    this.deadLetterAlarm = deadLetterAlarm(
      this,
      'PackDeadLetterAlarm',
      this.deadLetterQueue,
      `A pack generation failed ${MAX_RENDER_ATTEMPTS} times and reached the dead-letter queue`,
    );
  }
}
