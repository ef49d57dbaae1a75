/** The render and pack queues (SQS). */
import { SQSClient } from '@aws-sdk/client-sqs';
import type { PackQueue } from '../../core/admin/packs-ports';
import type { RenderQueue } from '../../core/ports';
import type { AppConfig } from '../config';
import { createSqsPackQueue } from '../sqs/pack-queue';
import { createSqsRenderQueue } from '../sqs/render-queue';
import { awsClientConfig, type RootOptions } from './options';

export const sqsRenderQueue = (config: AppConfig, options: RootOptions): RenderQueue =>
  createSqsRenderQueue(new SQSClient(awsClientConfig(config, options)), config.renderQueueUrl);

export const sqsPackQueue = (config: AppConfig, options: RootOptions): PackQueue =>
  createSqsPackQueue(new SQSClient(awsClientConfig(config, options)), config.packQueueUrl);
