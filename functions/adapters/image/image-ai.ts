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
import { unavailableCapability } from './unavailable';

export type ImageAIProviders = Record<ImageAIProvider, () => ImageAIProviderInstance>;

const builtInProviders: ImageAIProviders = {
  offline: () => createOfflineImageAI(),
  // The hosted provider (issue 12) plugs in here; until then every capability routed to it says so.
  replicate: () => unbuiltProvider('replicate'),
};

export function createImageAI(routes: ImageAIRoutes, providers: Partial<ImageAIProviders> = {}): ImageAI {
  const factories = { ...builtInProviders, ...providers };
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

function unbuiltProvider(provider: ImageAIProvider): ImageAIProviderInstance {
  const capabilities = Object.fromEntries(
    IMAGE_CAPABILITIES.map((capability) => [capability, unavailableCapability(capability, provider)]),
  ) as unknown as ImageAICapabilities;
  return { ...capabilities, describe: () => ({ model: 'none', missing: `the ${provider} provider` }) };
}
