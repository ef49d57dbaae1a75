/** What the built-in image providers need from a root: the hosted provider's settings, a logger, secrets. */
import type { Deps } from '../../core/deps';
import type { AppConfig } from '../config';
import type { ImageAISettings } from '../image/image-ai';
import { secretsManagerReader } from '../secrets/secrets-manager';
import type { RootOptions } from './options';

export const imageSettingsOf = (
  config: AppConfig,
  logger: Deps['logger'],
  options: RootOptions,
): ImageAISettings => ({
  replicate: config.replicate,
  logger,
  readSecret: secretsManagerReader({ credentials: options.credentials }),
});
