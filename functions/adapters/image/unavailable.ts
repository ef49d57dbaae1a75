/** A capability a provider does not have: it answers the typed "needs an AI provider" error, never a fake result. */
import { AiCapabilityUnavailableError } from '../../core/errors';
import type { ImageAIProvider, ImageCapability } from '../../core/image-ai';

export const unavailableCapability =
  (capability: ImageCapability, provider: ImageAIProvider) => (): Promise<never> =>
    Promise.reject(new AiCapabilityUnavailableError(capability, provider));
