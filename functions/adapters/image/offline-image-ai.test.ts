import { SwapFaceRefusedError } from '@little-futures/image-engine/face-swap';
import { loadFaceApi } from '@little-futures/image-engine/faces';
import {
  createPreviewMaker,
  PREVIEW_MAX_BYTES,
  PREVIEW_SIZE_PX,
} from '@little-futures/image-engine/previews';
import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FaceSwapRefusedError, NoFaceError, NoSubjectError } from '../../core/errors';
import type { AgeProgressOutput } from '../../core/image-ai';
import type { FaceBox } from '../../core/ports';
import { landscapeJpeg, samplePhoto } from '../../test-support/images';
import { createOfflineImageAI, domainErrorOf } from './offline-image-ai';

const ai = createOfflineImageAI();
const previews = createPreviewMaker();
// The camera file itself (EXIF with GPS), not a normalised copy: the output must strip it too.
const original = samplePhoto(1);
let first: AgeProgressOutput;
let preview: Awaited<ReturnType<typeof previews.preview>>;

describe('offline ageing and its preview (what the render worker stores)', () => {
  beforeAll(async () => {
    await loadFaceApi();
    first = await ai.ageProgress({ image: original, targetAge: 10 });
    preview = await previews.preview(first.image);
  }, 60_000);

  it('finds the face when none is given and reports every stage', () => {
    expect(first.face.score).toBeGreaterThan(0.5);
    expect(first.face.estimatedAge).toBeGreaterThan(12);
    for (const stage of ['decode', 'detect', 'age', 'encode'] as const) {
      expect(first.timings[stage]).toBeGreaterThan(0);
    }
    expect(preview.timings.watermark).toBeGreaterThan(0);
    // Encoding again only happens for a picture too busy to fit the size limit at the first quality.
    expect(preview.timings.encode).toBeGreaterThanOrEqual(0);
  });

  it('writes a 2000×2000 HD JPEG and a small square preview under 120 KB', async () => {
    const hd = await sharp(first.image).metadata();
    expect([hd.format, hd.width, hd.height]).toEqual(['jpeg', HD_SIZE_PX, HD_SIZE_PX]);
    const small = await sharp(preview.jpeg).metadata();
    expect([small.format, small.width, small.height]).toEqual(['jpeg', PREVIEW_SIZE_PX, PREVIEW_SIZE_PX]);
    expect(preview.jpeg.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
  });

  it('keeps no metadata of the camera file (EXIF, GPS, ICC, XMP)', async () => {
    expect((await sharp(original).metadata()).exif).toBeDefined();
    for (const out of [preview.jpeg, first.image]) {
      const meta = await sharp(out).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(out.includes(Buffer.from('GPS'))).toBe(false);
    }
  });

  it('watermarks the preview but not the HD file', async () => {
    // The same picture at the same size: the preview differs from the HD by the watermark.
    const size = PREVIEW_SIZE_PX;
    const fromHd = await sharp(first.image).resize(size, size).greyscale().raw().toBuffer();
    const small = await sharp(preview.jpeg).greyscale().raw().toBuffer();
    let brighter = 0;
    for (let i = 0; i < fromHd.length; i++) if (small[i] - fromHd[i] > 25) brighter++;
    expect(brighter / fromHd.length).toBeGreaterThan(0.03);
  });

  it('skips detection when the face is known and is deterministic', async () => {
    const face: FaceBox = first.face;
    const a = await ai.ageProgress({ image: original, targetAge: 21, face });
    const b = await ai.ageProgress({ image: original, targetAge: 21, face });
    expect(a.timings.detect).toBe(0);
    expect(a.image.equals(b.image)).toBe(true);
    expect((await previews.preview(a.image)).jpeg.equals((await previews.preview(b.image)).jpeg)).toBe(true);
    // A different age is a different picture.
    const c = await ai.ageProgress({ image: original, targetAge: 2, face });
    expect(c.image.equals(a.image)).toBe(false);
  });

  it('ages a photo into a square JPEG of the requested size', async () => {
    const out = await ai.ageProgress({ image: original, targetAge: 16, face: first.face, size: 512 });
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
    expect(out.crop.size).toBeGreaterThan(0);
    expect(out.face).toEqual(first.face);
  });

  it('throws NoFaceError for a photo without a face', async () => {
    await expect(ai.ageProgress({ image: await landscapeJpeg(), targetAge: 10 })).rejects.toBeInstanceOf(
      NoFaceError,
    );
  });

  it('swaps a face offline and says it is a paste, not a generative swap', async () => {
    expect(ai.describe('faceSwap').model).toMatch(/not a generative swap/);
    const { image } = await ai.faceSwap({ source: original, target: original });
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['jpeg', 1024, undefined]);
  });

  it('removes the background of a photo with a person', async () => {
    const { png, mask, source } = await ai.removeBackground({ image: original });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.hasAlpha, meta.width, meta.height]).toEqual([
      'png',
      true,
      mask.width,
      mask.height,
    ]);
    expect((await sharp(source).metadata()).width).toBe(mask.width);
  });

  it('draws a scene for a prompt at the size asked, the same each time for a seed', async () => {
    const scene = () => ai.generateScene({ prompt: 'a birthday party', width: 640, height: 360, seed: 3 });
    const [first, again] = [await scene(), await scene()];
    const meta = await sharp(first.image).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 640, 360, undefined]);
    expect(again.image.equals(first.image)).toBe(true);
    const other = await ai.generateScene({ prompt: 'a birthday party', width: 640, height: 360, seed: 4 });
    expect(other.image.equals(first.image)).toBe(false);
  });
});

describe("the engine's refusals, as the app's errors", () => {
  it('refuses a swap with a background or a face image without a face with a 422 saying which', async () => {
    const landscape = await landscapeJpeg(800, 600);
    await expect(ai.faceSwap({ source: original, target: landscape })).rejects.toMatchObject({
      name: 'FaceSwapRefusedError',
      kind: 'unprocessable',
      image: 'background',
      reason: 'no_face',
      messageKey: 'swapNoFaceInBackground',
    });
    await expect(ai.faceSwap({ source: landscape, target: original })).rejects.toMatchObject({
      image: 'face',
      reason: 'no_face',
      messageKey: 'swapNoFaceInFaceImage',
    });
  }, 30_000);

  it('keeps the score of a face refused as unclear', () => {
    const refused = domainErrorOf(new SwapFaceRefusedError('background', 'unclear_face', 0.42));
    expect(refused).toBeInstanceOf(FaceSwapRefusedError);
    expect(refused).toMatchObject({
      reason: 'unclear_face',
      score: 0.42,
      image: 'background',
      messageKey: 'swapBackgroundFaceUnclear',
    });
  });

  it('refuses a photo with no person in it as NoSubjectError', async () => {
    await expect(ai.removeBackground({ image: await landscapeJpeg() })).rejects.toBeInstanceOf(
      NoSubjectError,
    );
  }, 60_000);

  it('passes any other error on as it is', () => {
    const other = new Error('net failed');
    expect(domainErrorOf(other)).toBe(other);
  });
});
