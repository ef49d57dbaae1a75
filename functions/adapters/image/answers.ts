/**
 * Who answers each capability with the built-in providers, from configuration alone: the same answers
 * the provider switch gives (image-ai.ts), for the operators' pages in a Lambda that loads no model.
 */
import {
  type CapabilityAnswer,
  IMAGE_CAPABILITIES,
  type ImageAIAnswers,
  type ImageAIProvider,
  type ImageAIRoutes,
  type ImageCapability,
} from '../../core/image-ai';
import { OFFLINE_MODELS } from './offline-models';
import { type ReplicateConfig, unconfiguredReplicate } from './replicate/replicate-config';
import { describeReplicate } from './replicate/replicate-models';

type Describe = (capability: ImageCapability) => Omit<CapabilityAnswer, 'provider'>;

export function builtInAnswers(routes: ImageAIRoutes, replicate?: ReplicateConfig): ImageAIAnswers {
  const describers: Record<ImageAIProvider, Describe> = {
    offline: (capability) => ({ model: OFFLINE_MODELS[capability] }),
    replicate: describeReplicate(replicate ?? unconfiguredReplicate()),
  };
  const answers = Object.fromEntries(
    IMAGE_CAPABILITIES.map((capability) => {
      const provider = routes[capability];
      return [capability, { provider, ...describers[provider](capability) }];
    }),
  ) as Record<ImageCapability, CapabilityAnswer>;
  return { routes: { ...routes }, answers };
}
