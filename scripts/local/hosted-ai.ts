/**
 * The hosted AI path without an account: when the configuration routes a capability to `replicate`
 * but names neither an API base nor a token, the local stack starts the fake of the predictions API
 * (its models run the offline code) and points the provider at it. With a real token it stays out
 * of the way (webhooks cannot reach 127.0.0.1 from Replicate: the sweeper polls those predictions).
 */

import { imageAiVariableOf } from '../../functions/adapters/config';
import { IMAGE_CAPABILITIES } from '../../functions/core/image-ai';
import { type ReplicateFake, startReplicateFake } from './replicate-fake/replicate-fake';

export type LocalHostedAi = { mode: 'offline' | 'fake' | 'replicate'; fake?: ReplicateFake };

const usesReplicate = (env: NodeJS.ProcessEnv) =>
  env.IMAGE_AI_PROVIDER === 'replicate' ||
  IMAGE_CAPABILITIES.some((capability) => env[imageAiVariableOf(capability)] === 'replicate');

/** Sets the REPLICATE_* variables on `env` when it starts the fake. */
export async function startLocalHostedAi(env: NodeJS.ProcessEnv = process.env): Promise<LocalHostedAi> {
  if (!usesReplicate(env)) return { mode: 'offline' };
  if (env.REPLICATE_API_BASE || env.REPLICATE_API_TOKEN || env.REPLICATE_SECRET_ARN)
    return { mode: 'replicate' };
  const fake = await startReplicateFake({ log: () => undefined });
  Object.assign(env, {
    REPLICATE_API_BASE: fake.url,
    REPLICATE_API_TOKEN: 'r8_local_fake',
    REPLICATE_WEBHOOK_SECRET: fake.secret,
  });
  return { mode: 'fake', fake };
}
