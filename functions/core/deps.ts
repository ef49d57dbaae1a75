/** Everything a use case may touch, passed in as one plain object built once per container. */

import type { Logger } from '@aws-lambda-powertools/logger';
import type { DemoImageSetting } from '@shared/rules/demo-image';
import type { QuotaLimits } from '@shared/rules/quotas';
import type { ClientConfig } from '@shared/schemas/account';
import type { GoLiveConfig } from '@shared/schemas/admin';
import type { AdminStore } from './admin/admin-ports';
import type { AiRunStore } from './admin/ai-test-ports';
import type { PackQueue, PackStore } from './admin/packs-ports';
import type { ImageFetcher, TemplateImageMaker } from './admin/template-import-ports';
import type {
  FaceIdentity,
  HdEnlarger,
  ImageAI,
  PreviewLandmarkFinder,
  PreviewMaker,
  UnmarkedPreviewMaker,
} from './image-ai';
import type { Metrics } from './metrics';
import type { CompositionStore, DraftStore, KeepsakeRenderer, TemplateStore } from './moments/moments-ports';
import type { PaymentStore, Payments } from './payments/payment-ports';
import type {
  BlobStore,
  CdnInvalidator,
  Clock,
  DeletedAccounts,
  Identity,
  ImageInspector,
  Mailer,
  RenderQueue,
  TokenVerifier,
  UploadStore,
} from './ports';
import type { QuotaStore } from './quotas';
import type { PredictionStore } from './render/prediction-ports';
import type { VisitorSessions } from './sessions/session-tokens';

export type Deps = {
  uploads: UploadStore;
  templates: TemplateStore;
  drafts: DraftStore;
  compositions: CompositionStore;
  keepsakes: KeepsakeRenderer;
  blobs: BlobStore;
  renderQueue: RenderQueue;
  inspector: ImageInspector;
  imageAI: ImageAI;
  /** Hosted renders' predictions (the webhook and the sweeper find their jobs through them). */
  predictions: PredictionStore;
  /** The identity guard's face descriptors (face-api, whichever provider aged). */
  faceIdentity: FaceIdentity;
  /** Where a hosted provider posts when a prediction ends (the site's /api/ai/webhook). */
  aiWebhookUrl: string;
  /** The operators' AI test runs (scene prompts, face swaps). */
  aiRuns: AiRunStore;
  previews: PreviewMaker;
  /** The previews' face landmarks (the render worker's only; absent where nothing renders). */
  previewLandmarks?: PreviewLandmarkFinder;
  /** A hosted render's HD file, made on its first download. */
  hdEnlarger: HdEnlarger;
  /** Unlocked ages without the watermark, at the preview's size (the owner's growth clip). */
  unmarkedPreviews: UnmarkedPreviewMaker;
  clock: Clock;
  tokens: TokenVerifier;
  /**
   * Signs and verifies visitor session tokens; absent on the Lambdas that serve no visitor
   * (system, webhooks, admin), which hold no session key and ignore the header.
   */
  sessions?: VisitorSessions;
  identity: Identity;
  /** Deleted accounts whose tokens may not write any more. */
  deletedAccounts: DeletedAccounts;
  /** CloudFront's cache of public previews (a no-op on the local stack, which caches nothing). */
  cdn: CdnInvalidator;
  payments: Payments;
  paymentStore: PaymentStore;
  mailer: Mailer;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Public base of preview URLs ('' = same origin). */
  previewsBaseUrl: string;
  /** The site's origin when a request does not say it (checkout URLs); optional. */
  siteUrl?: string;
  /** What the browser needs to sign in (GET /api/config). */
  clientConfig: ClientConfig;
  adminStore: AdminStore;
  /** The go-live checklist's facts, read from the configuration the container started with. */
  goLive: GoLiveConfig;
  /** The one address that may claim first-admin setup (lower-cased); unset, nobody can. */
  adminEmail?: string;
  /** The deployer chose to sell age HD made by the offline simulation even with live keys. */
  sellSimulatedAges: boolean;
  /** Template packs (pack manager) and the queue their generation runs on. */
  packs: PackStore;
  packQueue: PackQueue;
  /** The guarded fetch of operators' image URLs (the template seeder, the age test's demo image). */
  imageFetcher: ImageFetcher;
  /** The age test's demo image (AGE_TEST_DEMO_IMAGE); unset, the page takes an upload only. */
  ageTestDemoImage?: DemoImageSetting;
  /** Turns an imported image into a template's native, watermarked and thumbnail files. */
  templateImages: TemplateImageMaker;
  /** Hourly quota counters, and the limits they enforce (shared/rules/quotas.ts, env overrides). */
  quotas: QuotaStore;
  quotaLimits: QuotaLimits;
  /** What CloudFront's origin header must say (shared/deployment.ts ORIGIN_VERIFY_HEADER); unset = no check. */
  originVerify?: string;
  /** Business metrics (EMF in AWS). */
  metrics: Metrics;
};
