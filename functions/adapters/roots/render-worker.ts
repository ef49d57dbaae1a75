/**
 * The render worker's deps: ageing (offline, or a hosted prediction it starts and later checks), the
 * identity guard (face-api), previews, the emails of finished renders, refunds of failed paid ones,
 * and the operators' test runs.
 */
import { createFaceIdentity, findPreviewLandmarks } from '@little-futures/image-engine/faces';
import { createPreviewMaker } from '@little-futures/image-engine/previews';
import type { RenderWorkerDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { createDynamoAiRunStore } from '../dynamo/ai-run-store';
import { createDynamoPaymentStore } from '../dynamo/payment-store';
import { createDynamoPredictionStore } from '../dynamo/prediction-store';
import { createDynamoUploadStore } from '../dynamo/upload-store';
import { createImageAI } from '../image/image-ai';
import { paymentsFromConfig } from '../stripe/payments-from-config';
import { createLogger, systemClock } from './basics';
import { documentClient } from './dynamo';
import { imageSettingsOf } from './image-settings';
import { mailerOf } from './mailer';
import { metricsOf } from './metrics';
import type { RootOptions } from './options';
import { sqsRenderQueue } from './queues';
import { s3BlobStore } from './s3';

export function buildRenderWorkerDeps(config: AppConfig, options: RootOptions = {}): RenderWorkerDeps {
  const doc = documentClient(config, options);
  const logger = createLogger();
  const clock = systemClock;
  return {
    uploads: createDynamoUploadStore(doc, config.tableName),
    predictions: createDynamoPredictionStore(doc, config.tableName),
    aiRuns: createDynamoAiRunStore(doc, config.tableName),
    paymentStore: createDynamoPaymentStore(doc, config.tableName, clock),
    payments: paymentsFromConfig(config, options.credentials),
    blobs: s3BlobStore(config, options),
    renderQueue: sqsRenderQueue(config, options),
    imageAI: createImageAI(config.imageAi, {}, imageSettingsOf(config, logger, options)),
    faceIdentity: createFaceIdentity(),
    previews: createPreviewMaker(),
    previewLandmarks: { find: findPreviewLandmarks },
    aiWebhookUrl: config.aiWebhookUrl,
    mailer: mailerOf(config, logger, options),
    metrics: metricsOf(config),
    clock,
    logger,
  };
}
