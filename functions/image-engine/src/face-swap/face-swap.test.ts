import { IDENTITY_MAX_DISTANCE, identityDistance } from '@shared/rules/identity';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SwapFaceRefusedError } from '../errors';
import { detectFaces } from '../face-detector';
import { faceSignature, loadFaceRecognition } from '../face-identity';
import { landscapeJpeg, samplePhoto } from '../test-photos';
import { chooseFace, findLandmarkedFaces, type LandmarkedFace } from './face-landmarks';
import { SWAP_MAX_SIDE, swapFace } from './face-swap';

/** A 480×640 head-and-shoulders crop of one of face-api's sample photos. */
const portrait = (n: 1 | 3, left: number, top: number) =>
  sharp(samplePhoto(n)).autoOrient().extract({ left, top, width: 480, height: 640 }).jpeg().toBuffer();

/** 68 landmarks of a plausible face around (cx, cy): enough for the geometry, no detector needed. */
const fakeFace = (score: number, cx = 200, cy = 200, size = 100): LandmarkedFace => ({
  score,
  landmarks: Array.from({ length: 68 }, (_, i) => {
    const angle = (i / 68) * 2 * Math.PI;
    return { x: cx + Math.cos(angle) * size * 0.5, y: cy + Math.sin(angle) * size * 0.6 };
  }),
});

describe('offline face swap (landmark-aligned transfer)', () => {
  let source: Buffer;

  beforeAll(async () => {
    await loadFaceRecognition();
    source = await portrait(1, 150, 80);
  }, 30_000);

  it('writes a metadata-free JPEG within 1024×1024, with a face where the background had its face', async () => {
    const background = samplePhoto(6); // 1920 px wide, camera EXIF with GPS
    const result = await swapFace({ source, target: background });
    const meta = await sharp(result.image).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(SWAP_MAX_SIDE);
    expect(meta.height).toBeLessThanOrEqual(SWAP_MAX_SIDE);
    expect([meta.exif, meta.icc, meta.xmp]).toEqual([undefined, undefined, undefined]);

    const scale = SWAP_MAX_SIDE / 1920;
    const [replaced] = (await detectFaces(background)).faces;
    const centre = (f: typeof replaced, k = 1) => ({
      x: (f.x + f.width / 2) * k,
      y: (f.y + f.height / 2) * k,
    });
    const expected = centre(replaced, scale);
    const found = (await detectFaces(result.image)).faces.map((f) => centre(f));
    const nearest = Math.min(...found.map((c) => Math.hypot(c.x - expected.x, c.y - expected.y)));
    expect(nearest).toBeLessThan(replaced.width * scale * 0.25);
    for (const stage of ['decode', 'detect', 'blend', 'encode'] as const) {
      expect(result.timings[stage]).toBeGreaterThan(0);
    }
  }, 30_000);

  it("moves the face's identity: the output is closer to the source person than the background was", async () => {
    const background = await portrait(3, 1050, 80);
    const { image } = await swapFace({ source, target: background });
    const [child, before, after] = await Promise.all([
      faceSignature(source),
      faceSignature(background),
      faceSignature(image),
    ]);
    const wasAway = identityDistance(before!.descriptor, child!.descriptor);
    const nowAway = identityDistance(after!.descriptor, child!.descriptor);
    // Measured 0.725 before, 0.570 after: the paste carries eyes, nose and mouth, not the head shape.
    expect(wasAway).toBeGreaterThan(IDENTITY_MAX_DISTANCE);
    expect(nowAway).toBeLessThan(wasAway - 0.08);
  }, 30_000);

  // The 422 and its message are the adapter's (functions/adapters/image/offline-image-ai.test.ts).
  it('refuses a background without a face, and a face image without a face, saying which', async () => {
    const landscape = await landscapeJpeg(800, 600);
    await expect(swapFace({ source, target: landscape })).rejects.toMatchObject({
      name: 'SwapFaceRefusedError',
      image: 'background',
      reason: 'no_face',
    });
    await expect(swapFace({ source: landscape, target: source })).rejects.toMatchObject({
      image: 'face',
      reason: 'no_face',
    });
  }, 30_000);

  it('refuses a face found under 50 % confidence as unclear, with its score', async () => {
    const unsure = async () => [fakeFace(0.42)];
    const call = swapFace({ source, target: source }, { findFaces: unsure });
    await expect(call).rejects.toBeInstanceOf(SwapFaceRefusedError);
    await expect(call).rejects.toMatchObject({ reason: 'unclear_face', score: 0.42, image: 'background' });
  });

  it("finds a face's 68 landmarks and its detection score", async () => {
    const { data, info } = await sharp(source).raw().toBuffer({ resolveWithObject: true });
    const faces = await findLandmarkedFaces({
      data: new Uint8Array(data),
      width: info.width,
      height: info.height,
      channels: 3,
    });
    expect(faces).toHaveLength(1);
    expect(faces[0].landmarks).toHaveLength(68);
    expect(faces[0].score).toBeGreaterThan(0.9);
  });
});

describe('which face a swap uses', () => {
  it('takes the largest confident face, skipping a larger unsure one', () => {
    const small = fakeFace(0.9, 100, 100, 50);
    const large = fakeFace(0.95, 300, 300, 120);
    const unsureGiant = fakeFace(0.4, 500, 500, 200);
    expect(chooseFace([small, large, unsureGiant], 'background')).toBe(large);
  });

  it('takes the confident face nearest a given box', () => {
    const left = fakeFace(0.9, 100, 100, 80);
    const right = fakeFace(0.9, 400, 100, 120);
    const box = { x: 60, y: 50, width: 80, height: 100, roll: 0, estimatedAge: 5, score: 0.9 };
    expect(chooseFace([left, right], 'face', box)).toBe(left);
  });

  it('accepts a face at exactly 50 %', () => {
    const edge = fakeFace(0.5);
    expect(chooseFace([edge], 'face')).toBe(edge);
  });
});
