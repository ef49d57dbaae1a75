/**
 * Builds the Deps of the use cases from configuration: once per Lambda container (functions/lambda),
 * once by the local stack, once per integration test file. AWS clients take their endpoints and
 * credentials from the SDK's usual environment variables.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../core/deps';
import { createCountingMetrics } from '../core/metrics';
import type { Clock, TokenVerifier } from '../core/ports';
import { createJwtAuthorizer, issuerOf } from './auth/jwt-verifier';
import { createCloudFrontInvalidator, createRecordingCdn } from './cdn/invalidator';
import { createCognitoIdentity, unconfiguredIdentity } from './cognito/identity';
import { type AppConfig, clientConfigOf, loadConfig } from './config';
import { createDynamoAdminStore } from './dynamo/admin-store';
import { createDynamoAiRunStore } from './dynamo/ai-run-store';
import { createDynamoDeletedAccounts } from './dynamo/deleted-accounts';
import {
  createDynamoCompositionStore,
  createDynamoDraftStore,
  createDynamoTemplateStore,
} from './dynamo/moments-store';
import { createDynamoPackStore } from './dynamo/pack-store';
import { createDynamoPaymentStore } from './dynamo/payment-store';
import { createDynamoPredictionStore } from './dynamo/prediction-store';
import { createDynamoQuotaStore } from './dynamo/quota-store';
import { createDynamoUploadStore } from './dynamo/upload-store';
import { goLiveOf } from './go-live';
import { createImageFetcher } from './http/image-fetcher';
import {
  createFaceIdentity,
  createHdEnlarger,
  createImageAI,
  createImageInspector,
  createKeepsakeRenderer,
  createPreviewMaker,
  createTemplateImageMaker,
} from './image';
import { correlatedLogger } from './logging';
import { createLogOnlyMailer, createOutboxMailer, createSesMailer } from './mail/mailers';
import { createEmfMetrics } from './metrics/emf-metrics';
import { createS3BlobStore } from './s3/blob-store';
import { createSqsPackQueue } from './sqs/pack-queue';
import { createSqsRenderQueue } from './sqs/render-queue';
import { paymentsFromConfig } from './stripe/payments-from-config';

export function buildDeps(config: AppConfig = loadConfig()): Deps {
  const region = config.region;
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const s3 = new S3Client({ region, forcePathStyle: config.s3ForcePathStyle });
  const publicSigner = config.s3PublicEndpoint
    ? new S3Client({ region, forcePathStyle: config.s3ForcePathStyle, endpoint: config.s3PublicEndpoint })
    : s3;
  const logger = correlatedLogger(new Logger({ serviceName: 'little-futures' }));
  const clock: Clock = { now: () => new Date() };
  return {
    uploads: createDynamoUploadStore(doc, config.tableName),
    templates: createDynamoTemplateStore(doc, config.tableName),
    drafts: createDynamoDraftStore(doc, config.tableName),
    compositions: createDynamoCompositionStore(doc, config.tableName, clock),
    keepsakes: createKeepsakeRenderer(),
    paymentStore: createDynamoPaymentStore(doc, config.tableName, clock),
    payments: paymentsFromConfig(config),
    mailer: createMailer(config, logger),
    blobs: createS3BlobStore(
      s3,
      { uploads: config.uploadsBucket, renders: config.rendersBucket },
      publicSigner,
    ),
    renderQueue: createSqsRenderQueue(new SQSClient({ region }), config.renderQueueUrl),
    inspector: createImageInspector(),
    imageAI: createImageAI(config.imageAi, {}, { replicate: config.replicate, logger }),
    predictions: createDynamoPredictionStore(doc, config.tableName),
    faceIdentity: createFaceIdentity(),
    aiWebhookUrl: config.aiWebhookUrl,
    aiRuns: createDynamoAiRunStore(doc, config.tableName),
    previews: createPreviewMaker(),
    hdEnlarger: createHdEnlarger(),
    clock,
    tokens: createTokenVerifier(config),
    identity: config.userPoolId
      ? createCognitoIdentity(new CognitoIdentityProviderClient({ region }), config.userPoolId, {
          globalSignOutUnsupported: config.globalSignOutUnsupported,
          warn: (message) => logger.warn(message),
        })
      : unconfiguredIdentity,
    deletedAccounts: createDynamoDeletedAccounts(doc, config.tableName),
    cdn: config.cdnDistributionId
      ? createCloudFrontInvalidator(new CloudFrontClient({ region }), config.cdnDistributionId)
      : createRecordingCdn(),
    logger,
    previewsBaseUrl: config.previewsBaseUrl,
    siteUrl: config.siteUrl,
    clientConfig: clientConfigOf(config),
    adminStore: createDynamoAdminStore(doc, config.tableName),
    goLive: goLiveOf(config),
    packs: createDynamoPackStore(doc, config.tableName),
    packQueue: createSqsPackQueue(new SQSClient({ region }), config.packQueueUrl),
    imageFetcher: createImageFetcher(),
    templateImages: createTemplateImageMaker(),
    quotas: createDynamoQuotaStore(doc, config.tableName),
    quotaLimits: config.quotas,
    originVerify: config.originVerify,
    // EMF where CloudWatch reads it (the stack sets the namespace); counted in memory elsewhere.
    metrics: config.metricsNamespace ? createEmfMetrics(config.metricsNamespace) : createCountingMetrics(),
  };
}

function createTokenVerifier(config: AppConfig): TokenVerifier {
  const issuer = issuerOf(config);
  // With no user pool configured no token can be valid.
  if (!issuer || !config.userPoolClientId) return { verify: async () => null };
  const authorize = createJwtAuthorizer({ issuer, clientId: config.userPoolClientId });
  return { verify: (authorization) => authorize(authorization) };
}

function createMailer(config: AppConfig, logger: Deps['logger']) {
  if (config.mailOutboxDir)
    return createOutboxMailer(config.mailOutboxDir, config.mailFrom ?? 'local@localhost');
  if (config.mailFrom) return createSesMailer(new SESv2Client({ region: config.region }), config.mailFrom);
  return createLogOnlyMailer((message, extra) => logger.warn(message, { ...extra }));
}
