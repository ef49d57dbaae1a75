/**
 * What each Lambda's use cases touch: the deps its composition root builds (functions/adapters/roots)
 * and its handler takes (functions/handlers). The full Deps satisfies every one of them.
 */
import type { LambdaName } from '@shared/deployment';
import type { PackWorkerDeps } from './admin/packs-worker';
import type { Deps } from './deps';
import type { AgeingRoute, ImageAIAnswers, WebhookVerifying } from './image-ai';
import type { HdKeepsakeDeps } from './moments/compositions';
import type { FulfilDeps } from './payments/fulfil';
import type { RenderBatchDeps } from './render/render-deps';
import type { UploadViewDeps } from './uploads/upload-view';

/** What the HTTP router itself reads: the origin check, token and session verification, deleted accounts, logs. */
export type HttpDeps = Pick<Deps, 'originVerify' | 'tokens' | 'sessions' | 'deletedAccounts' | 'logger'>;

/** Health names the age engine from the configured routes: no image adapter. */
export type SystemDeps = HttpDeps & Pick<Deps, 'clientConfig'> & { imageAI: AgeingRoute };

export type UploadsDeps = HttpDeps &
  UploadViewDeps &
  Pick<
    Deps,
    | 'blobs'
    | 'cdn'
    | 'compositions'
    | 'hdEnlarger'
    | 'inspector'
    | 'metrics'
    | 'quotaLimits'
    | 'quotas'
    | 'renderQueue'
    | 'unmarkedPreviews'
    | 'uploads'
  >;

export type AccountDeps = HttpDeps &
  UploadViewDeps &
  Pick<Deps, 'blobs' | 'cdn' | 'compositions' | 'identity' | 'paymentStore' | 'payments' | 'uploads'>;

/** Checkout asks whether age HD is on sale: the age engine's name and the deployer's opt-in. */
export type PaymentsDeps = HttpDeps &
  FulfilDeps &
  Pick<Deps, 'siteUrl' | 'sellSimulatedAges'> & { imageAI: AgeingRoute };

/** The AI webhook only checks a signature and queues a check: no image adapter. */
export type WebhooksDeps = HttpDeps & FulfilDeps & { imageAI: WebhookVerifying };

export type MomentsDeps = HttpDeps &
  HdKeepsakeDeps &
  Pick<Deps, 'drafts' | 'imageAI' | 'previewsBaseUrl' | 'quotaLimits' | 'quotas'>;

/**
 * The operators' pages say who answers each capability but call none: test runs go to the render
 * worker. The age test's demo image is checked and normalised here, as an upload's photo is.
 */
export type AdminDeps = HttpDeps &
  Pick<
    Deps,
    | 'adminEmail'
    | 'adminStore'
    | 'ageTestDemoImage'
    | 'aiRuns'
    | 'blobs'
    | 'clock'
    | 'goLive'
    | 'identity'
    | 'imageFetcher'
    | 'inspector'
    | 'packQueue'
    | 'packs'
    | 'previewsBaseUrl'
    | 'renderQueue'
    | 'templateImages'
    | 'templates'
    | 'uploads'
  > & { imageAI: ImageAIAnswers };

export type RenderWorkerDeps = RenderBatchDeps;

export type { PackWorkerDeps };

/** Fails to compile when a Lambda of shared/deployment.ts has no entry. */
type OnePerLambda<T extends Record<LambdaName, unknown>> = T;

/** Each Lambda's own deps, by its name in shared/deployment.ts. */
export type LambdaDeps = OnePerLambda<{
  system: SystemDeps;
  uploads: UploadsDeps;
  account: AccountDeps;
  payments: PaymentsDeps;
  webhooks: WebhooksDeps;
  moments: MomentsDeps;
  admin: AdminDeps;
  'render-worker': RenderWorkerDeps;
  'pack-worker': PackWorkerDeps;
}>;
