/**
 * What every hosted capability shares: the credentials, the predictions API, the guard that turns a
 * missing token into "needs an AI provider", and a run of a configured model slot. Scene generation
 * lives here too: the pack worker draws scenes and loads no other capability (so no face-api).
 */
import { AiCapabilityUnavailableError } from '../../../core/errors';
import type { ImageAICapabilities, ImageCapability } from '../../../core/image-ai';
import { MissingTokenError, replicateCredentials, type SecretReader } from './credentials';
import { fillTemplate, type InputValues } from './input-template';
import type { Fetch } from './output-download';
import { coverJpeg, nearestAspectRatio } from './output-images';
import { createReplicateApi, type ProviderLogger } from './predictions';
import type { ReplicateConfig } from './replicate-config';
import type { ModelSlot } from './replicate-defaults';

export type ReplicateCallOptions = {
  logger?: ProviderLogger;
  /** Replaces the global fetch for API calls and output downloads (tests). */
  fetch?: Fetch;
  readSecret?: SecretReader;
  pollIntervalMs?: number;
};

export function replicateCalls(config: ReplicateConfig, options: ReplicateCallOptions = {}) {
  const logger = options.logger ?? console;
  const credentials = replicateCredentials(config, options.readSecret);
  const api = createReplicateApi(config, credentials, {
    logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
  });
  const { slots } = config;

  /** No token (or an empty secret): the typed "needs an AI provider" error, never a crash. */
  const guarded =
    <I, O>(capability: ImageCapability, work: (input: I) => Promise<O>) =>
    async (input: I): Promise<O> => {
      if (!credentials.configured) throw new AiCapabilityUnavailableError(capability, 'replicate');
      try {
        return await work(input);
      } catch (error) {
        if (error instanceof MissingTokenError)
          throw new AiCapabilityUnavailableError(capability, 'replicate');
        throw error;
      }
    };
  const run = (capability: ImageCapability, slot: ModelSlot, values: InputValues) =>
    api.run({ capability, slot: slots[slot], input: fillTemplate(slots[slot].input, values) });

  return { logger, api, guarded, run };
}

export type ReplicateCalls = ReturnType<typeof replicateCalls>;

export const replicateSceneGenerator = ({
  guarded,
  run,
}: ReplicateCalls): ImageAICapabilities['generateScene'] =>
  guarded('generateScene', async ({ prompt, width, height, seed, purpose }) => {
    const slot = purpose === 'prompt-test' ? 'promptTest' : 'generateScene';
    const aspectRatio = nearestAspectRatio(width, height);
    const { output } = await run('generateScene', slot, { prompt, width, height, aspectRatio, seed });
    return { image: await coverJpeg(output, width, height) };
  });
