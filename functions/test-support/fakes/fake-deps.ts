/**
 * A whole Deps of in-memory fakes for fast unit tests of the use cases. The stores share one table
 * and every fake reads the one clock, which the test moves. `overrides` replace single ports (a
 * store wrapped to stage a race, say); the stores still read the overriding clock.
 */

import { DEFAULT_QUOTAS } from '@shared/rules/quotas';
import { createRecordingCdn, type RecordingCdn } from '../../adapters/cdn/invalidator';
import type { Deps } from '../../core/deps';
import { type CountingMetrics, createCountingMetrics } from '../../core/metrics';
import { createVisitorSessions } from '../../core/sessions/session-tokens';
import { TEST_SESSION_SECRET } from '../sessions';
import { createFakeAdminStore } from './admin-store';
import { createFakeAiRunStore } from './ai-run-store';
import { createFakeBlobStore, type FakeBlobStore } from './blob-store';
import { createFakeClock, type FakeClock } from './clock';
import { createFakeDeletedAccounts, type FakeDeletedAccounts } from './deleted-accounts';
import {
  createFakeIdentity,
  createFakeTokenVerifier,
  type FakeIdentity,
  type FakeTokenVerifier,
} from './identity';
import {
  createFakeFaceIdentity,
  createFakeImageAI,
  type FakeFaceIdentity,
  type FakeImageAI,
} from './image-ai';
import {
  createFakeHdEnlarger,
  createFakeImageInspector,
  createFakeKeepsakeRenderer,
  createFakePreviewMaker,
  createFakeUnmarkedPreviews,
  type FakeImageInspector,
  type FakeKeepsakeRenderer,
} from './images';
import { createFakeLogger, type FakeLogger } from './logger';
import { createFakeMailer, type FakeMailer } from './mailer';
import { createFakeCompositionStore, createFakeDraftStore, createFakeTemplateStore } from './moments-stores';
import { createFakePackQueue, type FakePackQueue } from './pack-queue';
import { createFakePackStore } from './pack-store';
import { createFakePaymentStore } from './payment-store';
import { createFakePayments, type FakePayments } from './payments';
import { createFakePredictionStore } from './prediction-store';
import { createFakeQuotaStore, type FakeQuotaStore } from './quota-store';
import { createFakeRenderQueue, type FakeRenderQueue } from './render-queue';
import { createFakeTable, type FakeTable } from './table';
import {
  createFakeImageFetcher,
  createFakeTemplateImageMaker,
  type FakeImageFetcher,
  type FakeTemplateImageMaker,
} from './template-import';
import { createFakeUploadStore } from './upload-store';

export type FakeDeps = Deps & {
  blobs: FakeBlobStore;
  renderQueue: FakeRenderQueue;
  inspector: FakeImageInspector;
  imageAI: FakeImageAI;
  faceIdentity: FakeFaceIdentity;
  clock: FakeClock;
  tokens: FakeTokenVerifier;
  identity: FakeIdentity;
  deletedAccounts: FakeDeletedAccounts;
  cdn: RecordingCdn;
  payments: FakePayments;
  mailer: FakeMailer;
  logger: FakeLogger;
  keepsakes: FakeKeepsakeRenderer;
  hdEnlarger: ReturnType<typeof createFakeHdEnlarger>;
  /** The in-memory table behind the stores (analytics events are only visible here). */
  table: FakeTable;
  packQueue: FakePackQueue;
  imageFetcher: FakeImageFetcher;
  templateImages: FakeTemplateImageMaker;
  quotas: FakeQuotaStore;
  metrics: CountingMetrics;
};

export function fakeDeps<O extends Partial<Deps> = Record<never, never>>(
  overrides: O = {} as O,
): Omit<FakeDeps, keyof O> & O {
  const clock = overrides.clock ?? createFakeClock();
  const table = createFakeTable();
  const deps: FakeDeps = {
    uploads: createFakeUploadStore(table, clock),
    templates: createFakeTemplateStore(table),
    drafts: createFakeDraftStore(table),
    compositions: createFakeCompositionStore(table, clock),
    keepsakes: createFakeKeepsakeRenderer(),
    table,
    paymentStore: createFakePaymentStore(table, clock),
    payments: createFakePayments(clock),
    blobs: createFakeBlobStore(),
    renderQueue: createFakeRenderQueue(),
    inspector: createFakeImageInspector(),
    imageAI: createFakeImageAI(),
    predictions: createFakePredictionStore(table),
    faceIdentity: createFakeFaceIdentity(),
    aiWebhookUrl: 'https://site.test/api/ai/webhook',
    aiRuns: createFakeAiRunStore(),
    previews: createFakePreviewMaker(),
    hdEnlarger: createFakeHdEnlarger(),
    unmarkedPreviews: createFakeUnmarkedPreviews(),
    clock: clock as FakeClock,
    tokens: createFakeTokenVerifier(),
    sessions: createVisitorSessions(async () => TEST_SESSION_SECRET, clock),
    identity: createFakeIdentity(),
    deletedAccounts: createFakeDeletedAccounts(clock),
    cdn: createRecordingCdn(),
    mailer: createFakeMailer(),
    logger: createFakeLogger(),
    previewsBaseUrl: 'https://previews.test',
    clientConfig: {
      region: 'eu-west-1',
      userPoolId: null,
      userPoolClientId: null,
      cognitoEndpoint: null,
      authFlow: 'USER_SRP_AUTH',
      ageHdOnSale: true,
      hideAuthButtons: false,
    },
    adminStore: createFakeAdminStore(table),
    goLive: { items: [] },
    sellSimulatedAges: false,
    packs: createFakePackStore(table),
    packQueue: createFakePackQueue(),
    imageFetcher: createFakeImageFetcher(),
    templateImages: createFakeTemplateImageMaker(),
    quotas: createFakeQuotaStore(),
    quotaLimits: structuredClone(DEFAULT_QUOTAS),
    metrics: createCountingMetrics(),
  };
  return { ...deps, ...overrides };
}
