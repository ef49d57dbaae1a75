/**
 * The router's deps on a Lambda whose routes serve visitors: with the session key (and the Secrets
 * Manager client that reads it, which the other Lambdas neither hold nor bundle).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../../core/deps';
import type { HttpDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { visitorSessionsFrom } from '../sessions/session-key';
import { systemClock } from './basics';
import { httpDeps } from './http';
import type { RootOptions } from './options';

export function visitorHttpDeps(
  config: AppConfig,
  doc: DynamoDBDocumentClient,
  logger: Deps['logger'],
  options: RootOptions,
): HttpDeps {
  return {
    ...httpDeps(config, doc, logger),
    sessions: visitorSessionsFrom(config, systemClock, options.credentials),
  };
}
