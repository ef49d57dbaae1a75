import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError, NoFaceError } from '../../core/errors';
import type { FaceBox, RenderOutput } from '../../core/ports';
import { landscapeJpeg, samplePhoto } from '../../test-support/images';
import { loadFaceApi } from './face-detector';
import { createImageAI } from './index';
import { createOfflineRenderer, PREVIEW_MAX_BYTES, PREVIEW_SIZE_PX } from './offline-renderer';

const renderer = createOfflineRenderer();
// The camera file itself (EXIF with GPS), not a normalised copy: the renderer must strip it too.
const original = samplePhoto(1);
let first: RenderOutput;

describe('offline renderer', () => {
  beforeAll(async () => {
    await loadFaceApi();
    first = await renderer.render({ original, targetAge: 10 });
  }, 60_000);

  it('finds the face when none is given and reports every stage', () => {
    expect(first.face.score).toBeGreaterThan(0.5);
    expect(first.face.estimatedAge).toBeGreaterThan(12);
    for (const stage of ['decode', 'detect', 'age', 'watermark', 'encode'] as const) {
      expect(first.timings[stage]).toBeGreaterThan(0);
    }
  });

  it('writes a 2000×2000 HD JPEG and a small square preview under 120 KB', async () => {
    const hd = await sharp(first.hd).metadata();
    expect([hd.format, hd.width, hd.height]).toEqual(['jpeg', HD_SIZE_PX, HD_SIZE_PX]);
    const preview = await sharp(first.preview).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual([
      'jpeg',
      PREVIEW_SIZE_PX,
      PREVIEW_SIZE_PX,
    ]);
    expect(first.preview.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
  });

  it('keeps no metadata of the camera file (EXIF, GPS, ICC, XMP)', async () => {
    expect((await sharp(original).metadata()).exif).toBeDefined();
    for (const out of [first.preview, first.hd]) {
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
    const fromHd = await sharp(first.hd).resize(size, size).greyscale().raw().toBuffer();
    const preview = await sharp(first.preview).greyscale().raw().toBuffer();
    let brighter = 0;
    for (let i = 0; i < fromHd.length; i++) if (preview[i] - fromHd[i] > 25) brighter++;
    expect(brighter / fromHd.length).toBeGreaterThan(0.03);
  });

  it('skips detection when the face is known and is deterministic', async () => {
    const face: FaceBox = first.face;
    const a = await renderer.render({ original, targetAge: 21, face });
    const b = await renderer.render({ original, targetAge: 21, face });
    expect(a.timings.detect).toBe(0);
    expect(a.preview.equals(b.preview)).toBe(true);
    expect(a.hd.equals(b.hd)).toBe(true);
    // A different age is a different picture.
    const c = await renderer.render({ original, targetAge: 2, face });
    expect(c.hd.equals(a.hd)).toBe(false);
  });

  it('throws NoFaceError for a photo without a face', async () => {
    await expect(renderer.render({ original: await landscapeJpeg(), targetAge: 10 })).rejects.toBeInstanceOf(
      NoFaceError,
    );
  });
});

describe('ImageAI (offline provider)', () => {
  const ai = createImageAI('offline');

  it('ages a photo into a square JPEG of the requested size', async () => {
    const out = await ai.ageProgress({ image: original, targetAge: 16, face: first.face, size: 512 });
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
    expect(out.crop.size).toBeGreaterThan(0);
    expect(out.face).toEqual(first.face);
  });

  it('says an AI provider is needed for what it cannot do', async () => {
    const calls = [
      ai.removeBackground({ image: original }),
      ai.faceSwap({ source: original, target: original }),
      ai.generateScene({ prompt: 'a birthday party', width: 512, height: 512 }),
    ];
    for (const call of calls) {
      await expect(call).rejects.toBeInstanceOf(DomainError);
      await expect(call).rejects.toMatchObject({ kind: 'unavailable', messageKey: 'aiProviderRequired' });
    }
  });

  it('refuses the replicate provider until it is configured', () => {
    expect(() => createImageAI('replicate')).toThrow(/not configured/);
  });
});
