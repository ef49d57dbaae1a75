/**
 * Every adapter of the app in one Deps, as no Lambda has it: the tests' own checks and the benchmarks,
 * signing as the deployer, and the local stack's own jobs (seeding, schedules). The Lambdas build
 * only their share (functions/adapters/roots).
 */
import { type AppConfig, clientConfigOf, loadConfig } from '../adapters/config';
import { createDynamoAdminStore } from '../adapters/dynamo/admin-store';
import { createDynamoAiRunStore } from '../adapters/dynamo/ai-run-store';
import { createDynamoCompositionStore } from '../adapters/dynamo/composition-store';
import { createDynamoDraftStore, createDynamoTemplateStore } from '../adapters/dynamo/moments-store';
import { createDynamoPackStore } from '../adapters/dynamo/pack-store';
import { createDynamoPaymentStore } from '../adapters/dynamo/payment-store';
import { createDynamoPredictionStore } from '../adapters/dynamo/prediction-store';
import { createDynamoQuotaStore } from '../adapters/dynamo/quota-store';
import { createDynamoUploadStore } from '../adapters/dynamo/upload-store';
import { goLiveOf } from '../adapters/go-live';
import { createImageFetcher } from '../adapters/http/image-fetcher';
import {
  createFaceIdentity,
  createHdEnlarger,
  createImageAI,
  createImageInspector,
  createKeepsakeRenderer,
  createPreviewMaker,
  createTemplateImageMaker,
  createUnmarkedPreviewMaker,
} from '../adapters/image';
import { createLogger, systemClock } from '../adapters/roots/basics';
import { cdnOf } from '../adapters/roots/cdn';
import { documentClient } from '../adapters/roots/dynamo';
import { identityOf } from '../adapters/roots/identity';
import { imageSettingsOf } from '../adapters/roots/image-settings';
import { mailerOf } from '../adapters/roots/mailer';
import { metricsOf } from '../adapters/roots/metrics';
import type { RootOptions } from '../adapters/roots/options';
import { sqsPackQueue, sqsRenderQueue } from '../adapters/roots/queues';
import { s3BlobStore } from '../adapters/roots/s3';
import { visitorHttpDeps } from '../adapters/roots/visitor-http';
import { paymentsFromConfig } from '../adapters/stripe/payments-from-config';
import type { Deps } from '../core/deps';

export function buildDeps(config: AppConfig = loadConfig(), options: RootOptions = {}): Deps {
  const doc = documentClient(config, options);
  const logger = createLogger();
  const clock = systemClock;
  const table = config.tableName;
  return {
    ...visitorHttpDeps(config, doc, logger, options),
    uploads: createDynamoUploadStore(doc, table),
    templates: createDynamoTemplateStore(doc, table),
    drafts: createDynamoDraftStore(doc, table),
    compositions: createDynamoCompositionStore(doc, table, clock),
    keepsakes: createKeepsakeRenderer(),
    paymentStore: createDynamoPaymentStore(doc, table, clock),
    payments: paymentsFromConfig(config, options.credentials),
    mailer: mailerOf(config, logger, options),
    blobs: s3BlobStore(config, options),
    renderQueue: sqsRenderQueue(config, options),
    inspector: createImageInspector(),
    imageAI: createImageAI(config.imageAi, {}, imageSettingsOf(config, logger, options)),
    predictions: createDynamoPredictionStore(doc, table),
    faceIdentity: createFaceIdentity(),
    aiWebhookUrl: config.aiWebhookUrl,
    aiRuns: createDynamoAiRunStore(doc, table),
    previews: createPreviewMaker(),
    hdEnlarger: createHdEnlarger(),
    unmarkedPreviews: createUnmarkedPreviewMaker(),
    clock,
    identity: identityOf(config, logger, options),
    cdn: cdnOf(config, options),
    previewsBaseUrl: config.previewsBaseUrl,
    siteUrl: config.siteUrl,
    clientConfig: clientConfigOf(config),
    adminStore: createDynamoAdminStore(doc, table),
    goLive: goLiveOf(config),
    adminEmail: config.adminEmail,
    sellSimulatedAges: config.sellSimulatedAges,
    packs: createDynamoPackStore(doc, table),
    packQueue: sqsPackQueue(config, options),
    imageFetcher: createImageFetcher(),
    ageTestDemoImage: config.ageTestDemoImage,
    templateImages: createTemplateImageMaker(),
    quotas: createDynamoQuotaStore(doc, table),
    quotaLimits: config.quotas,
    metrics: metricsOf(config),
  };
}
