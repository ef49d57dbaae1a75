/** The system Lambda's deps: health, the browser's sign-in configuration, the OpenAPI document. */
import type { SystemDeps } from '../../core/lambda-deps';
import { type AppConfig, clientConfigOf } from '../config';
import { createLogger } from './basics';
import { documentClient } from './dynamo';
import { httpDeps } from './http';
import type { RootOptions } from './options';

export function buildSystemDeps(config: AppConfig, options: RootOptions = {}): SystemDeps {
  return {
    ...httpDeps(config, documentClient(config, options), createLogger()),
    clientConfig: clientConfigOf(config),
    // Health names the age engine from the configured routes alone: no image adapter is loaded.
    imageAI: { routes: config.imageAi },
  };
}
