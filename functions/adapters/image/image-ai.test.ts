import { describe, expect, it, vi } from 'vitest';
import { AiCapabilityUnavailableError } from '../../core/errors';
import {
  IMAGE_CAPABILITIES,
  type ImageAICapabilities,
  type ImageAIProviderInstance,
  type ImageAIRoutes,
} from '../../core/image-ai';
import { createImageAI } from './image-ai';

const allTo = (provider: 'offline' | 'replicate'): ImageAIRoutes =>
  Object.fromEntries(IMAGE_CAPABILITIES.map((c) => [c, provider])) as unknown as ImageAIRoutes;

/** A provider that answers every capability with its own name, counting how often it was built. */
function recordingProvider(name: string) {
  const built = vi.fn();
  const factory = (): ImageAIProviderInstance => {
    built();
    const answer = async () => ({ by: name }) as never;
    const capabilities = Object.fromEntries(
      IMAGE_CAPABILITIES.map((c) => [c, answer]),
    ) as unknown as ImageAICapabilities;
    return { ...capabilities, describe: (c) => ({ model: `${name}-${c}` }) };
  };
  return { factory, built };
}

describe('the image AI provider switch', () => {
  it('routes each capability to the provider the configuration names', async () => {
    const offline = recordingProvider('offline');
    const replicate = recordingProvider('replicate');
    const ai = createImageAI(
      { ...allTo('offline'), ageProgress: 'replicate', generateScene: 'replicate' },
      { offline: offline.factory, replicate: replicate.factory },
    );
    expect(await ai.ageProgress({ image: Buffer.alloc(0), targetAge: 10 })).toEqual({ by: 'replicate' });
    expect(await ai.generateScene({ prompt: 'x', width: 1, height: 1 })).toEqual({ by: 'replicate' });
    expect(await ai.removeBackground({ image: Buffer.alloc(0) })).toEqual({ by: 'offline' });
    expect(await ai.detectFaces({ image: Buffer.alloc(0) })).toEqual({ by: 'offline' });
    expect(ai.routes.ageProgress).toBe('replicate');
    expect(ai.answers.ageProgress).toEqual({ provider: 'replicate', model: 'replicate-ageProgress' });
    expect(ai.answers.removeBackground).toEqual({ provider: 'offline', model: 'offline-removeBackground' });
    // Each provider is built once, however many capabilities it serves.
    expect(offline.built).toHaveBeenCalledTimes(1);
    expect(replicate.built).toHaveBeenCalledTimes(1);
  });

  it('builds no provider that no capability uses', () => {
    const replicate = recordingProvider('replicate');
    createImageAI(allTo('offline'), { replicate: replicate.factory });
    expect(replicate.built).not.toHaveBeenCalled();
  });

  it('answers the typed "needs an AI provider" error for every capability of the unbuilt hosted provider', async () => {
    const ai = createImageAI(allTo('replicate'));
    for (const capability of IMAGE_CAPABILITIES) {
      const call = (ai[capability] as (input: unknown) => Promise<unknown>)({});
      await expect(call).rejects.toBeInstanceOf(AiCapabilityUnavailableError);
      await expect(call).rejects.toMatchObject({ capability, provider: 'replicate', kind: 'unavailable' });
    }
  });
});
