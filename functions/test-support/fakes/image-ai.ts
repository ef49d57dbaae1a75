/**
 * ImageAI with the offline provider's capabilities and nothing more: faces, ageing, background
 * removal, face swap and scenes answer deterministically (tiny images).
 */
import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';
import {
  AiCapabilityUnavailableError,
  FaceSwapRefusedError,
  NoFaceError,
  NoSubjectError,
} from '../../core/errors';
import {
  type AgeProgressInput,
  type FaceIdentity,
  type FaceSignature,
  type HostedAgeing,
  IMAGE_CAPABILITIES,
  type ImageAI,
  type ImageAIRoutes,
  type ImageCapability,
  type ImageInput,
  type RawImage,
} from '../../core/image-ai';
import type { FaceBox } from '../../core/ports';
import { hashOf, TINY_SIDE, tinyJpeg } from './images';

export const FAKE_FACE: FaceBox = { x: 2, y: 2, width: 4, height: 4, roll: 0, estimatedAge: 4, score: 0.9 };

export type FakeImageAI = Omit<ImageAI, 'hostedAgeing'> & {
  /** Set by a test to route ageing to a hosted provider (createFakeHostedAgeing). */
  hostedAgeing?: HostedAgeing;
  /** Every ageProgress call, in order. */
  ageCalls: AgeProgressInput[];
  /** The face found in any photo; null: there is none (ageProgress without a face throws NoFaceError). */
  face: FaceBox | null;
  /** When set, ageProgress throws it (AiCapabilityUnavailableError, a timeout...). */
  failWith: Error | null;
  /** Part of every output's seed: change it and the next render has other bytes. */
  seed: string;
};

const BUILT: readonly ImageCapability[] = [
  'detectFaces',
  'ageProgress',
  'removeBackground',
  'faceSwap',
  'generateScene',
];

export function createFakeImageAI(routes: Partial<ImageAIRoutes> = {}): FakeImageAI {
  const allRoutes = Object.fromEntries(
    IMAGE_CAPABILITIES.map((capability) => [capability, routes[capability] ?? 'offline']),
  ) as ImageAIRoutes;
  const unavailable = (capability: ImageCapability) => async (): Promise<never> => {
    throw new AiCapabilityUnavailableError(capability, allRoutes[capability]);
  };
  /** A capability routed to a provider that is not built (replicate) says so, as the switch does. */
  const built = (capability: ImageCapability) =>
    BUILT.includes(capability) && allRoutes[capability] === 'offline';

  const ai: FakeImageAI = {
    routes: allRoutes,
    answers: Object.fromEntries(
      IMAGE_CAPABILITIES.map((capability) => [
        capability,
        { provider: allRoutes[capability], model: `fake ${capability}` },
      ]),
    ) as FakeImageAI['answers'],
    ageCalls: [],
    face: FAKE_FACE,
    failWith: null,
    seed: 'render',
    detectFaces: built('detectFaces')
      ? async () => ({ faces: ai.face ? [{ ...ai.face }] : [] })
      : unavailable('detectFaces'),
    ageProgress: built('ageProgress')
      ? async (input) => {
          ai.ageCalls.push(input);
          if (ai.failWith) throw ai.failWith;
          const face = input.face ?? ai.face;
          if (!face) throw new NoFaceError();
          const size = input.size ?? HD_SIZE_PX;
          const image = await tinyJpeg(`${ai.seed}:${input.targetAge}:${size}:${hashOf(input.image)}`);
          return {
            image,
            face: { ...face },
            crop: { left: 0, top: 0, size: TINY_SIDE },
            timings: { decode: 1, detect: input.face ? 0 : 1, age: 1, encode: 1 },
          };
        }
      : unavailable('ageProgress'),
    removeBackground: built('removeBackground')
      ? async ({ image }) => {
          // No face, no person: the offline provider refuses such a photo too.
          if (!ai.face) throw new NoSubjectError();
          const seed = `cutout:${hashOf(image)}`;
          const png = await sharp(await tinyJpeg(seed))
            .ensureAlpha(0.8)
            .png()
            .toBuffer();
          const mask: RawImage = {
            data: new Uint8Array(TINY_SIDE * TINY_SIDE).fill(204),
            width: TINY_SIDE,
            height: TINY_SIDE,
            channels: 1,
          };
          return { png, mask, source: await tinyJpeg(`source:${seed}`) };
        }
      : unavailable('removeBackground'),
    faceSwap: built('faceSwap')
      ? async ({ source, target }) => {
          // No face anywhere: the offline transfer refuses the background first.
          if (!ai.face) throw new FaceSwapRefusedError('background', 'no_face');
          return { image: await tinyJpeg(`swap:${hashOf(source)}:${hashOf(target)}`) };
        }
      : unavailable('faceSwap'),
    generateScene: built('generateScene')
      ? async (input) => ({ image: await tinyJpeg(`scene:${input.prompt}:${input.seed ?? 0}`) })
      : unavailable('generateScene'),
  };
  return ai;
}

export type FakeFaceIdentity = FaceIdentity & {
  /** What signature() answers; by default one face, the same in every image (distance 0). */
  signatureOf: (image: ImageInput) => FaceSignature | null;
};

export function createFakeFaceIdentity(): FakeFaceIdentity {
  const identity: FakeFaceIdentity = {
    signatureOf: () => ({ descriptor: new Array(128).fill(0), estimatedAge: 16, score: 0.9 }),
    async signature(image) {
      return identity.signatureOf(image);
    },
  };
  return identity;
}
