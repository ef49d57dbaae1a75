/**
 * The uploads Lambda's deps: uploads and their jobs, the photo check (sharp) and a hosted render's HD
 * file (Skia), made on its first download. It names the age engine but runs no image AI.
 */
import { createHdEnlarger, createUnmarkedPreviewMaker } from '@little-futures/image-engine/hd';
import type { UploadsDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { createDynamoCompositionStore } from '../dynamo/composition-store';
import { createDynamoQuotaStore } from '../dynamo/quota-store';
import { createDynamoUploadStore } from '../dynamo/upload-store';
import { createImageInspector } from '../image/inspector';
import { createLogger, systemClock } from './basics';
import { cdnOf } from './cdn';
import { documentClient } from './dynamo';
import { metricsOf } from './metrics';
import type { RootOptions } from './options';
import { sqsRenderQueue } from './queues';
import { s3BlobStore } from './s3';
import { visitorHttpDeps } from './visitor-http';

export function buildUploadsDeps(config: AppConfig, options: RootOptions = {}): UploadsDeps {
  const doc = documentClient(config, options);
  return {
    ...visitorHttpDeps(config, doc, createLogger(), options),
    uploads: createDynamoUploadStore(doc, config.tableName),
    // Deleting an upload deletes the keepsakes made from it.
    compositions: createDynamoCompositionStore(doc, config.tableName, systemClock),
    blobs: s3BlobStore(config, options),
    renderQueue: sqsRenderQueue(config, options),
    inspector: createImageInspector(),
    hdEnlarger: createHdEnlarger(),
    unmarkedPreviews: createUnmarkedPreviewMaker(),
    cdn: cdnOf(config, options),
    clock: systemClock,
    previewsBaseUrl: config.previewsBaseUrl,
    imageAI: { routes: config.imageAi },
    quotas: createDynamoQuotaStore(doc, config.tableName),
    quotaLimits: config.quotas,
    metrics: metricsOf(config),
  };
}
