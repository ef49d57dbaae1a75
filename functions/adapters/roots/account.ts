/** The account Lambda's deps: the parent's uploads and credits, migration and account deletion. */
import type { AccountDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { createDynamoCompositionStore } from '../dynamo/composition-store';
import { createDynamoPaymentStore } from '../dynamo/payment-store';
import { createDynamoUploadStore } from '../dynamo/upload-store';
import { paymentsFromConfig } from '../stripe/payments-from-config';
import { createLogger, systemClock } from './basics';
import { cdnOf } from './cdn';
import { documentClient } from './dynamo';
import { identityOf } from './identity';
import type { RootOptions } from './options';
import { s3BlobStore } from './s3';
import { visitorHttpDeps } from './visitor-http';

export function buildAccountDeps(config: AppConfig, options: RootOptions = {}): AccountDeps {
  const doc = documentClient(config, options);
  const logger = createLogger();
  return {
    ...visitorHttpDeps(config, doc, logger, options),
    uploads: createDynamoUploadStore(doc, config.tableName),
    // Deleting an upload deletes the keepsakes made from it.
    compositions: createDynamoCompositionStore(doc, config.tableName, systemClock),
    blobs: s3BlobStore(config, options),
    cdn: cdnOf(config, options),
    identity: identityOf(config, logger, options),
    paymentStore: createDynamoPaymentStore(doc, config.tableName, systemClock),
    payments: paymentsFromConfig(config, options.credentials),
    clock: systemClock,
    previewsBaseUrl: config.previewsBaseUrl,
    // The uploads listed name the age engine: the configured routes say it, no image adapter.
    imageAI: { routes: config.imageAi },
  };
}
