/** The pack worker's deps: generation runs draw scenes (offline or hosted) and store them as templates. */
import type { PackWorkerDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { createDynamoTemplateStore } from '../dynamo/moments-store';
import { createDynamoPackStore } from '../dynamo/pack-store';
import { createSceneGenerator } from '../image/scene-generator';
import { createTemplateImageMaker } from '../image/template-images';
import { createLogger, systemClock } from './basics';
import { documentClient } from './dynamo';
import { imageSettingsOf } from './image-settings';
import type { RootOptions } from './options';
import { sqsPackQueue } from './queues';
import { s3BlobStore } from './s3';

export function buildPackWorkerDeps(config: AppConfig, options: RootOptions = {}): PackWorkerDeps {
  const doc = documentClient(config, options);
  const logger = createLogger();
  return {
    packs: createDynamoPackStore(doc, config.tableName),
    templates: createDynamoTemplateStore(doc, config.tableName),
    blobs: s3BlobStore(config, options),
    packQueue: sqsPackQueue(config, options),
    // Packs only draw scenes: of the image AI, the scene generator alone.
    imageAI: createSceneGenerator(config.imageAi, imageSettingsOf(config, logger, options)),
    templateImages: createTemplateImageMaker(),
    clock: systemClock,
    logger,
  };
}
