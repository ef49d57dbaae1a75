/**
 * Which user pool an operator tool talks to: a deployed one when USER_POOL_ID is set (AWS
 * credentials and region from the usual SDK chain), else the running local stack (its env.json in
 * LOCAL_DATA_DIR or .local/, the folder `npm start` uses).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { localDataDir, STACK_ENV_FILE } from '../local/paths';

export type PoolTarget = {
  kind: 'deployed' | 'local';
  userPoolId: string;
  region: string;
  /** The local Cognito; undefined lets the SDK use AWS (or AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER). */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export class NoPoolError extends Error {}

export function resolvePoolTarget(env: NodeJS.ProcessEnv, dataDir = localDataDir(env)): PoolTarget {
  if (env.USER_POOL_ID) {
    return {
      kind: 'deployed',
      userPoolId: env.USER_POOL_ID,
      region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
      endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER || undefined,
    };
  }
  const file = path.join(dataDir, STACK_ENV_FILE);
  if (!existsSync(file)) {
    throw new NoPoolError(
      `No user pool: start the local stack (npm start) or set USER_POOL_ID (and AWS credentials) for a deployed one.`,
    );
  }
  const local = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return {
    kind: 'local',
    userPoolId: local.USER_POOL_ID,
    region: local.AWS_REGION,
    endpoint: local.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    credentials: { accessKeyId: local.AWS_ACCESS_KEY_ID, secretAccessKey: local.AWS_SECRET_ACCESS_KEY },
  };
}
