/** Entry point of the image adapters: the ImageAI providers, the offline Renderer, the inspector. */
import type { ImageAI, ImageAIProvider } from '../../core/image-ai';
import { createOfflineImageAI } from './offline-image-ai';

export { createImageInspector } from './inspector';
export { createOfflineRenderer } from './offline-renderer';

export function createImageAI(provider: ImageAIProvider): ImageAI {
  switch (provider) {
    case 'offline':
      return createOfflineImageAI();
    case 'replicate':
      throw new Error(
        'Image AI provider "replicate" is not configured yet: set IMAGE_AI_PROVIDER=offline (the default).',
      );
    default:
      throw new Error(`Unknown image AI provider "${String(provider)}"`);
  }
}
