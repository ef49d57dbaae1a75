/** Everything a use case may touch, passed in as one plain object built once per container. */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { ClientConfig } from '@shared/schemas/account';
import type {
  BlobStore,
  Clock,
  Identity,
  ImageInspector,
  Renderer,
  RenderQueue,
  TokenVerifier,
  UploadStore,
} from './ports';

export type Deps = {
  uploads: UploadStore;
  blobs: BlobStore;
  renderQueue: RenderQueue;
  inspector: ImageInspector;
  renderer: Renderer;
  clock: Clock;
  tokens: TokenVerifier;
  identity: Identity;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Public base of preview URLs ('' = same origin). */
  previewsBaseUrl: string;
  /** What the browser needs to sign in (GET /api/config). */
  clientConfig: ClientConfig;
};
