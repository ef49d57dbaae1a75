/**
 * Scene drawing alone, routed as the provider switch (image-ai.ts) routes generateScene: the pack
 * worker draws scenes and nothing else, so it loads neither face-api nor the other capabilities.
 */
import { generateOfflineScene } from '@little-futures/image-engine/scenes';
import type { ImageAIProvider, ImageAIRoutes, SceneGenerator } from '../../core/image-ai';
import type { ImageAISettings } from './image-ai';
import { replicateCalls, replicateSceneGenerator } from './replicate/replicate-calls';
import { unconfiguredReplicate } from './replicate/replicate-config';

const generators: Record<ImageAIProvider, (settings: ImageAISettings) => SceneGenerator['generateScene']> = {
  offline: () => generateOfflineScene,
  replicate: (settings) =>
    replicateSceneGenerator(
      replicateCalls(settings.replicate ?? unconfiguredReplicate(), {
        ...(settings.logger ? { logger: settings.logger } : {}),
        ...(settings.readSecret ? { readSecret: settings.readSecret } : {}),
      }),
    ),
};

export function createSceneGenerator(
  routes: Pick<ImageAIRoutes, 'generateScene'>,
  settings: ImageAISettings = {},
): SceneGenerator {
  return { generateScene: generators[routes.generateScene](settings) };
}
