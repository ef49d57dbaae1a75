/** Fulfilling a paid checkout: the payments Lambda (success page) and the webhooks Lambda both do it. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../../core/deps';
import type { HttpDeps } from '../../core/lambda-deps';
import type { FulfilDeps } from '../../core/payments/fulfil';
import type { AppConfig } from '../config';
import { createDynamoPaymentStore } from '../dynamo/payment-store';
import { createDynamoUploadStore } from '../dynamo/upload-store';
import { paymentsFromConfig } from '../stripe/payments-from-config';
import { systemClock } from './basics';
import { httpDeps } from './http';
import type { RootOptions } from './options';
import { sqsRenderQueue } from './queues';

export function fulfilmentDeps(
  config: AppConfig,
  options: RootOptions,
  doc: DynamoDBDocumentClient,
  logger: Deps['logger'],
): HttpDeps & FulfilDeps {
  return {
    ...httpDeps(config, doc, logger),
    uploads: createDynamoUploadStore(doc, config.tableName),
    paymentStore: createDynamoPaymentStore(doc, config.tableName, systemClock),
    payments: paymentsFromConfig(config, options.credentials),
    renderQueue: sqsRenderQueue(config, options),
    clock: systemClock,
  };
}
