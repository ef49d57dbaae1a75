/** What the router of every API Lambda reads: origin check, token verification, deleted accounts, logs. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../../core/deps';
import type { HttpDeps } from '../../core/lambda-deps';
import type { TokenVerifier } from '../../core/ports';
import { createJwtAuthorizer, issuerOf } from '../auth/jwt-verifier';
import type { AppConfig } from '../config';
import { createDynamoDeletedAccounts } from '../dynamo/deleted-accounts';

export function httpDeps(config: AppConfig, doc: DynamoDBDocumentClient, logger: Deps['logger']): HttpDeps {
  return {
    originVerify: config.originVerify,
    tokens: createTokenVerifier(config),
    deletedAccounts: createDynamoDeletedAccounts(doc, config.tableName),
    logger,
  };
}

export function createTokenVerifier(config: AppConfig): TokenVerifier {
  const issuer = issuerOf(config);
  // With no user pool configured no token can be valid.
  if (!issuer || !config.userPoolClientId) return { verify: async () => null };
  const authorize = createJwtAuthorizer({ issuer, clientId: config.userPoolClientId });
  return { verify: (authorization) => authorize(authorization) };
}
