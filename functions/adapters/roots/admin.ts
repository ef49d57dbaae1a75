/**
 * The admin Lambda's deps: first admin, go-live, packs, the template editor and seeder (Skia draws the
 * imported images), the AI test pages. It says who answers each capability but calls none: test runs
 * go to the render worker, so no image model is loaded here (sharp checks the age test's demo image).
 */
import type { AdminDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { createDynamoAdminStore } from '../dynamo/admin-store';
import { createDynamoAiRunStore } from '../dynamo/ai-run-store';
import { createDynamoTemplateStore } from '../dynamo/moments-store';
import { createDynamoPackStore } from '../dynamo/pack-store';
import { createDynamoUploadStore } from '../dynamo/upload-store';
import { goLiveOf } from '../go-live';
import { createImageFetcher } from '../http/image-fetcher';
import { builtInAnswers } from '../image/answers';
import { createImageInspector } from '../image/inspector';
import { createTemplateImageMaker } from '../image/template-images';
import { createLogger, systemClock } from './basics';
import { documentClient } from './dynamo';
import { httpDeps } from './http';
import { identityOf } from './identity';
import type { RootOptions } from './options';
import { sqsPackQueue, sqsRenderQueue } from './queues';
import { s3BlobStore } from './s3';

export function buildAdminDeps(config: AppConfig, options: RootOptions = {}): AdminDeps {
  const doc = documentClient(config, options);
  const logger = createLogger();
  return {
    ...httpDeps(config, doc, logger),
    adminStore: createDynamoAdminStore(doc, config.tableName),
    aiRuns: createDynamoAiRunStore(doc, config.tableName),
    uploads: createDynamoUploadStore(doc, config.tableName),
    templates: createDynamoTemplateStore(doc, config.tableName),
    packs: createDynamoPackStore(doc, config.tableName),
    blobs: s3BlobStore(config, options),
    renderQueue: sqsRenderQueue(config, options),
    packQueue: sqsPackQueue(config, options),
    identity: identityOf(config, logger, options),
    imageAI: builtInAnswers(config.imageAi, config.replicate),
    imageFetcher: createImageFetcher(),
    inspector: createImageInspector(),
    ageTestDemoImage: config.ageTestDemoImage,
    templateImages: createTemplateImageMaker(),
    goLive: goLiveOf(config),
    adminEmail: config.adminEmail,
    clock: systemClock,
    previewsBaseUrl: config.previewsBaseUrl,
  };
}
