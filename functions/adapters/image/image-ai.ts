/**
 * The one provider switch: builds the ImageAI port from the routes configuration (which provider
 * answers each capability), creating each provider once and only if some capability uses it.
 */
import {
  type CapabilityAnswer,
  IMAGE_CAPABILITIES,
  type ImageAI,
  type ImageAICapabilities,
  type ImageAIProvider,
  type ImageAIProviderInstance,
  type ImageAIRoutes,
  type ImageCapability,
} from '../../core/image-ai';
import { createOfflineImageAI } from './offline-image-ai';
import type { SecretReader } from './replicate/credentials';
import type { ProviderLogger } from './replicate/predictions';
import { type ReplicateConfig, unconfiguredReplicate } from './replicate/replicate-config';
import { createReplicateImageAI } from './replicate/replicate-image-ai';

export type ImageAIProviders = Record<ImageAIProvider, () => ImageAIProviderInstance>;

/** What the built-in providers need from the container: the hosted provider's settings, a logger, secrets. */
export type ImageAISettings = {
  replicate?: ReplicateConfig;
  logger?: ProviderLogger;
  readSecret?: SecretReader;
};

const builtInProviders = (settings: ImageAISettings): ImageAIProviders => ({
  offline: () => createOfflineImageAI(),
  // Without settings (tests, benches) it has no token: every capability says it needs a provider.
  replicate: () =>
    createReplicateImageAI(settings.replicate ?? unconfiguredReplicate(), {
      ...(settings.logger ? { logger: settings.logger } : {}),
      ...(settings.readSecret ? { readSecret: settings.readSecret } : {}),
    }),
});

export function createImageAI(
  routes: ImageAIRoutes,
  providers: Partial<ImageAIProviders> = {},
  settings: ImageAISettings = {},
): ImageAI {
  const factories = { ...builtInProviders(settings), ...providers };
  const instances = new Map<ImageAIProvider, ImageAIProviderInstance>();
  const providerOf = (name: ImageAIProvider) => {
    let instance = instances.get(name);
    if (!instance) {
      instance = factories[name]();
      instances.set(name, instance);
    }
    return instance;
  };
  const routed = Object.fromEntries(
    IMAGE_CAPABILITIES.map((capability) => {
      const provider = providerOf(routes[capability]);
      return [capability, provider[capability].bind(provider)];
    }),
  ) as unknown as ImageAICapabilities;
  const answers = Object.fromEntries(
    IMAGE_CAPABILITIES.map((capability) => {
      const provider = routes[capability];
      return [capability, { provider, ...providerOf(provider).describe(capability) }];
    }),
  ) as Record<ImageCapability, CapabilityAnswer>;
  const hostedAgeing = providerOf(routes.ageProgress).hostedAgeing;
  return { routes: { ...routes }, ...routed, answers, ...(hostedAgeing ? { hostedAgeing } : {}) };
}
