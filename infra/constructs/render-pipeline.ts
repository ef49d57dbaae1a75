/**
 * The render queue, its dead-letter queue and alarm, the worker that turns uploads into previews
 * (and emails the buyer when a purchased age-19 render is done), checks hosted predictions and runs
 * the operators' AI test runs, and the schedule whose tick sweeps predictions whose webhook never came.
 */
import { QUEUES, RENDER_SWEEP_TICK_MINUTES, S3_PREFIXES } from '@shared/deployment';
import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SELFIE_MODEL_FOLDER } from './api';
import { AppFunction, IMAGE_NODE_MODULES } from './app-function';
import { grantObjects, grantSecretValue, grantSendMessage, grantTableItems } from './grants';
import { grantSendEmailFrom } from './mail';
import { deadLetterAlarm, queueTick, workQueues } from './work-queues';

/**
 * An offline render takes seconds, and a hosted one only starts its prediction; the longest work is
 * an operator's test run, which waits for its model synchronously (WORKER_MODEL_WAIT, then cancel),
 * then downloads and encodes the output. A minute covers it and keeps the queue's visibility
 * timeout (six times this) at 6 minutes, so a failed render's retries still come well inside the
 * 15 minutes a card waits.
 */
export const WORKER_TIMEOUT = Duration.seconds(60);
/** REPLICATE_TIMEOUT_SECONDS of the worker: a test run's model (scene prompt, face swap) gets 25 s. */
export const WORKER_MODEL_WAIT = Duration.seconds(25);
export const WORKER_MEMORY_MB = 2048;
export const WORKER_BATCH_SIZE = 5;
/**
 * What the worker's entry loads (infra/lambda-modules.test.ts checks it): face-api ages offline and
 * guards identities, Skia enlarges hosted results to HD; the provider switch it builds holds the
 * offline background removal too, which reads the segmentation model.
 */
export const RENDER_WORKER_NODE_MODULES = IMAGE_NODE_MODULES;
export const RENDER_WORKER_BUNDLE_FOLDERS = SELFIE_MODEL_FOLDER;

export type RenderPipelineProps = {
  table: dynamodb.ITable;
  tableIndexNames: string[];
  uploads: s3.IBucket;
  renders: s3.IBucket;
  /** Runtime configuration shared with the API (functions/adapters/config.ts), without the queue URL. */
  environment: Record<string, string>;
  /** A paid render that fails for good is refunded through Stripe from the worker (and its sweeper). */
  stripeSecret: secretsmanager.ISecret;
  /** Sender of the "your age-19 render is ready" email (a bare address, verified in SES). */
  mailFrom: string;
};

export class RenderPipeline extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly worker: AppFunction;
  readonly deadLetterAlarm: cloudwatch.Alarm;
  readonly sweepSchedule: scheduler.Schedule;

  constructor(scope: Construct, id: string, props: RenderPipelineProps) {
    super(scope, id);

    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = workQueues(
      this,
      'Render',
      QUEUES.render,
      WORKER_TIMEOUT,
    ));

    this.worker = new AppFunction(this, 'RenderWorker', {
      entry: 'functions/lambda/render-worker.ts',
      description: 'Renders the age previews and HD files of an upload; checks predictions; runs AI tests',
      memorySize: WORKER_MEMORY_MB,
      timeout: WORKER_TIMEOUT,
      environment: {
        ...props.environment,
        RENDER_QUEUE_URL: this.queue.queueUrl,
        MAIL_FROM: props.mailFrom,
        STRIPE_SECRET_ARN: props.stripeSecret.secretArn,
      },
      nodeModules: RENDER_WORKER_NODE_MODULES,
      bundleFolders: RENDER_WORKER_BUNDLE_FOLDERS,
    });
    this.worker.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: WORKER_BATCH_SIZE,
        reportBatchItemFailures: true,
        // Renders are CPU-heavy; cap parallel workers so a burst does not exhaust account concurrency.
        maxConcurrency: 10,
      }),
    );

    const role = this.worker.role;
    grantTableItems(role, props.table, props.tableIndexNames);
    grantObjects(
      role,
      props.uploads,
      ['s3:GetObject'],
      '*',
      'The worker reads the original photo of the upload named in the message; keys hold run-time ids.',
    );
    for (const { prefix } of [S3_PREFIXES.previews, S3_PREFIXES.hd]) {
      grantObjects(
        role,
        props.renders,
        // Tagging: renders of anonymous uploads carry the retention tag that the lifecycle rule expires,
        // and lose it when the upload joined an account meanwhile. Delete: files a lost race left behind.
        ['s3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging', 's3:DeleteObject'],
        `${prefix}*`,
        `The worker writes (and cleans up its own) render files under ${prefix} named by run-time upload ids; nothing else.`,
      );
    }
    grantObjects(
      role,
      props.renders,
      ['s3:PutObject'],
      `${S3_PREFIXES.aiTests.prefix}*`,
      `The worker writes each operator AI test run's output to ${S3_PREFIXES.aiTests.prefix}<run id>.jpg, ids made at run time; it never reads them back.`,
    );
    // A purchased age-19 render is queued after checkout; the buyer hears by email when it is done.
    grantSendEmailFrom(role, props.mailFrom);
    // ...and is refunded through Stripe if it fails for good.
    grantSecretValue(role, props.stripeSecret);
    // The sweep puts renders stuck past their limit back on this queue (and on no other).
    grantSendMessage(role, this.queue);

    // The sweeper's tick: the worker polls predictions whose webhook never came and gives up on stuck
    // ones, then re-queues (once) or fails renders stuck past their limit (shared/rules/stuck-jobs.ts).
    this.sweepSchedule = queueTick(this, 'SweepSchedule', this.queue, {
      description: 'Sweeps hosted predictions whose webhook never came',
      minutes: RENDER_SWEEP_TICK_MINUTES,
      message: { kind: 'sweep' },
    });

    this.deadLetterAlarm = deadLetterAlarm(
      this,
      'RenderDeadLetterAlarm',
      this.deadLetterQueue,
      `A render failed ${QUEUES.render.maxReceiveCount} times and reached the dead-letter queue`,
    );
  }
}
