/**
 * What the Replicate fake's models do. The default models of the replicate provider run the
 * project's offline code, so the whole product works through the fake with no account: ageing is
 * the offline growth warp (the identity check passes), scenes the illustrated scene generator,
 * background removal the offline segmentation, face swap the offline face transfer.
 * `fake/…` models are test behaviours (a failure, a model that never ends, a huge output...).
 */
import { createHash } from 'node:crypto';
import { removeBackgroundOffline, SubjectNotFoundError } from '@little-futures/image-engine/background';
import { generateOfflineScene } from '@little-futures/image-engine/scenes';
import type { TargetAge } from '@shared/catalog';
import sharp from 'sharp';
import { createOfflineImageAI } from '../../../functions/adapters/image/offline-image-ai';
import { NoFaceError } from '../../../functions/core/errors';

export type FakeFile = { bytes: Buffer; contentType: string };
export type FakeOutcome =
  | { kind: 'output'; files: FakeFile[]; asList?: boolean }
  | { kind: 'missing-output' }
  | { kind: 'failed'; error: string }
  /** Runs until canceled. */
  | { kind: 'never' };

export type FakeModel = {
  /** Inputs the model refuses to start without (422, like Replicate's input validation). */
  required: string[];
  run(input: Record<string, unknown>): Promise<FakeOutcome>;
  /** How its completion webhook misbehaves, for tests of the receiving side. */
  webhook?: 'twice' | 'bad-signature';
};

/** A version id per fake model, so `owner/name:version` configurations reach the same behaviour. */
export const fakeVersionId = (model: string) => createHash('sha256').update(model).digest('hex');

/** Bytes of a `data:` URI input; the fake downloads nothing from the network. */
export function dataUriBytes(value: unknown): FakeFile | null {
  if (typeof value !== 'string' || !value.startsWith('data:')) return null;
  const comma = value.indexOf(',');
  const meta = value.slice(5, comma);
  return {
    bytes: Buffer.from(value.slice(comma + 1), meta.endsWith(';base64') ? 'base64' : 'utf8'),
    contentType: meta.split(';')[0] || 'application/octet-stream',
  };
}

function imageInput(input: Record<string, unknown>, key: string): Buffer {
  const file = dataUriBytes(input[key]);
  if (!file) throw new FakeRefusal(`${key} must be a data: URI (the fake reads images inline only)`);
  return file.bytes;
}

/** The first image among the inputs, for the echoing test models. */
const firstImage = (input: Record<string, unknown>) =>
  Object.values(input)
    .map(dataUriBytes)
    .find((file) => file?.contentType.startsWith('image/')) ?? null;

class FakeRefusal extends Error {}

const jpeg = (bytes: Buffer): FakeFile => ({ bytes, contentType: 'image/jpeg' });
const png = (bytes: Buffer): FakeFile => ({ bytes, contentType: 'image/png' });
const output = (file: FakeFile, asList = false): FakeOutcome => ({ kind: 'output', files: [file], asList });

async function plainImage(): Promise<FakeFile> {
  return jpeg(
    await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#8a9199' } })
      .jpeg()
      .toBuffer(),
  );
}

/** FLUX's sizes: about `megapixels` at the aspect ratio asked, multiples of 16. */
function fluxSize(input: Record<string, unknown>): { width: number; height: number } {
  if (typeof input.width === 'number' && typeof input.height === 'number')
    return { width: input.width, height: input.height };
  const [w, h] = String(input.aspect_ratio ?? '1:1')
    .split(':')
    .map(Number);
  const pixels = Number(input.megapixels ?? 1) * 1024 * 1024;
  const ratio = w > 0 && h > 0 ? w / h : 1;
  const round16 = (v: number) => Math.max(16, Math.round(v / 16) * 16);
  return { width: round16(Math.sqrt(pixels * ratio)), height: round16(Math.sqrt(pixels / ratio)) };
}

const offline = () => createOfflineImageAI();

const ageing: FakeModel = {
  required: ['prompt', 'input_image'],
  async run(input) {
    const image = imageInput(input, 'input_image');
    const age = /\bage\s+(\d{1,3})\b/i.exec(String(input.prompt));
    if (!age)
      return {
        kind: 'failed',
        error: "The fake ageing model reads the target age from the prompt ('at age 16')",
      };
    try {
      // About 1 MP, like the hosted editing models.
      const aged = await offline().ageProgress({ image, targetAge: Number(age[1]) as TargetAge, size: 1024 });
      return output(jpeg(aged.image));
    } catch (error) {
      // An editing model still answers an image when it finds no face: the same photo.
      if (error instanceof NoFaceError) return output(jpeg(await sharp(image).jpeg().toBuffer()));
      throw error;
    }
  },
};

const scenes: FakeModel = {
  required: ['prompt'],
  async run(input) {
    const { width, height } = fluxSize(input);
    const seed = typeof input.seed === 'number' ? input.seed : 0;
    const scene = await generateOfflineScene({ prompt: String(input.prompt), width, height, seed });
    return output(jpeg(scene.image), true);
  },
};

const backgroundRemoval: FakeModel = {
  required: ['image'],
  async run(input) {
    const image = imageInput(input, 'image');
    try {
      // Like the hosted model: the whole photo with the background transparent, not a trimmed cut-out.
      const cut = await removeBackgroundOffline(image);
      const { left, top, photoWidth, photoHeight } = cut.frame;
      const full = await sharp({
        create: {
          width: photoWidth,
          height: photoHeight,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .composite([{ input: cut.png, left, top }])
        .png()
        .toBuffer();
      return output(png(full));
    } catch (error) {
      if (!(error instanceof SubjectNotFoundError)) throw error;
      const meta = await sharp(image).metadata();
      const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
      const empty = {
        width: meta.width ?? 1,
        height: meta.height ?? 1,
        channels: 4 as const,
        background: transparent,
      };
      return output(png(await sharp({ create: empty }).png().toBuffer()));
    }
  },
};

const faceSwap: FakeModel = {
  required: ['prompt', 'input_image_1', 'input_image_2'],
  async run(input) {
    // As the default prompt says: the face of the second image onto the first. A picture without a
    // usable face fails the prediction with the transfer's own words (runFakeModel).
    const swapped = await offline().faceSwap({
      source: imageInput(input, 'input_image_2'),
      target: imageInput(input, 'input_image_1'),
    });
    return output(jpeg(swapped.image));
  },
};

/** The first image input as it came (a plain image when there is none). */
const echo = async (input: Record<string, unknown>) => output(firstImage(input) ?? (await plainImage()));

/**
 * The input redrawn at 1024×1024 and a little brighter or darker each time: what an editing model
 * answers (a new ~1 MP image every prediction) at almost no cost, for the worker's benchmark.
 */
const remake = async (input: Record<string, unknown>) => {
  const source = firstImage(input)?.bytes ?? (await plainImage()).bytes;
  const brightness = 0.97 + Math.random() * 0.06;
  return output(
    jpeg(await sharp(source).resize(1024, 1024).modulate({ brightness }).jpeg({ quality: 92 }).toBuffer()),
  );
};

let huge: Buffer | undefined;
const TEST_MODELS: Record<string, FakeModel> = {
  'fake/echo': { required: [], run: echo },
  'fake/remake': { required: [], run: remake },
  'fake/delayed': {
    required: [],
    run: async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return echo(input);
    },
  },
  // The first image with an elliptical alpha: a cut-out without running a segmentation model.
  'fake/cutout': {
    required: [],
    async run(input) {
      const source = firstImage(input)?.bytes ?? (await plainImage()).bytes;
      const { width = 1, height = 1 } = await sharp(source).metadata();
      const ellipse = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 3}" ry="${height / 2.5}" fill="#fff"/></svg>`,
      );
      const mask = await sharp(ellipse).extractChannel(0).toBuffer();
      // sharp removes alpha after joining channels: drop the source's own alpha in a pass of its own.
      const rgb = await sharp(source).removeAlpha().png().toBuffer();
      return output(png(await sharp(rgb).joinChannel(mask).png().toBuffer()));
    },
  },
  'fake/fails': {
    required: [],
    run: async () => ({ kind: 'failed', error: 'The fake model failed as asked (fake/fails)' }),
  },
  'fake/slow': { required: [], run: async () => ({ kind: 'never' }) },
  'fake/no-face': { required: [], run: async () => output(await plainImage()) },
  'fake/huge-output': {
    required: [],
    run: async () => {
      huge ??= Buffer.alloc(21 * 1024 * 1024, 7);
      return output(png(huge));
    },
  },
  'fake/missing-output': { required: [], run: async () => ({ kind: 'missing-output' }) },
  'fake/double-webhook': { required: [], run: echo, webhook: 'twice' },
  'fake/bad-signature': { required: [], run: echo, webhook: 'bad-signature' },
};

export const FAKE_MODELS: Record<string, FakeModel> = {
  'black-forest-labs/flux-kontext-pro': ageing,
  'black-forest-labs/flux-schnell': scenes,
  'black-forest-labs/flux-dev': scenes,
  'bria/remove-background': backgroundRemoval,
  'flux-kontext-apps/multi-image-kontext-pro': faceSwap,
  ...TEST_MODELS,
};

const BY_VERSION = new Map(Object.keys(FAKE_MODELS).map((name) => [fakeVersionId(name), name]));

/** The model a `version` field names: a fake version id, `owner/name:version` or `owner/name`. */
export function modelOfVersion(version: string): string | null {
  const name = version.includes('/') ? version.split(':')[0] : BY_VERSION.get(version);
  return name && FAKE_MODELS[name] ? name : null;
}

/** Runs a model; a refused input or a crash becomes a failed prediction, as on Replicate. */
export async function runFakeModel(model: FakeModel, input: Record<string, unknown>): Promise<FakeOutcome> {
  try {
    return await model.run(input);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      error: error instanceof FakeRefusal ? message : `The fake model crashed: ${message}`,
    };
  }
}
