/** The moments Lambda's deps: templates, drafts, cut-outs (background removal) and keepsakes (Skia). */
import { paceCollectorForCutouts } from '@little-futures/image-engine/background';
import { createKeepsakeRenderer } from '@little-futures/image-engine/keepsakes';
import type { MomentsDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { createDynamoCompositionStore } from '../dynamo/composition-store';
import { createDynamoDraftStore, createDynamoTemplateStore } from '../dynamo/moments-store';
import { createDynamoPackStore } from '../dynamo/pack-store';
import { createDynamoPaymentStore } from '../dynamo/payment-store';
import { createDynamoQuotaStore } from '../dynamo/quota-store';
import { createDynamoUploadStore } from '../dynamo/upload-store';
import { createImageAI } from '../image/image-ai';
import { createLogger, systemClock } from './basics';
import { documentClient } from './dynamo';
import { imageSettingsOf } from './image-settings';
import { metricsOf } from './metrics';
import type { RootOptions } from './options';
import { s3BlobStore } from './s3';
import { visitorHttpDeps } from './visitor-http';

export function buildMomentsDeps(config: AppConfig, options: RootOptions = {}): MomentsDeps {
  // This process cuts children out of photos: the collector is paced for that (the image engine's
  // heap.ts says why; it is the process's, so it is set where the process's deps are built).
  paceCollectorForCutouts();
  const doc = documentClient(config, options);
  const logger = createLogger();
  const clock = systemClock;
  return {
    ...visitorHttpDeps(config, doc, logger, options),
    uploads: createDynamoUploadStore(doc, config.tableName),
    templates: createDynamoTemplateStore(doc, config.tableName),
    // A pack's scenes are listed only while the pack is published.
    packs: createDynamoPackStore(doc, config.tableName),
    drafts: createDynamoDraftStore(doc, config.tableName),
    compositions: createDynamoCompositionStore(doc, config.tableName, clock),
    keepsakes: createKeepsakeRenderer(),
    paymentStore: createDynamoPaymentStore(doc, config.tableName, clock),
    blobs: s3BlobStore(config, options),
    imageAI: createImageAI(config.imageAi, {}, imageSettingsOf(config, logger, options)),
    clock,
    previewsBaseUrl: config.previewsBaseUrl,
    quotas: createDynamoQuotaStore(doc, config.tableName),
    quotaLimits: config.quotas,
    metrics: metricsOf(config),
  };
}
