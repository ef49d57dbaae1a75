import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findPreviewLandmarks } from './preview-landmarks';
import { samplePhoto } from './test-photos';

describe('findPreviewLandmarks', () => {
  it('gives 68 normalised points of a head crop, eyes above the mouth', async () => {
    // The woman on the left of sample1, as a square head crop like a preview.
    const crop = await sharp(samplePhoto(1))
      .extract({ left: 150, top: 120, width: 480, height: 480 })
      .resize(640, 640)
      .jpeg()
      .toBuffer();
    const started = performance.now();
    const points = await findPreviewLandmarks(crop);
    console.log('landmarks ms (incl. first load)', Math.round(performance.now() - started));
    expect(points).toHaveLength(68);
    for (const [x, y] of points!) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(1);
    }
    const eyeY = points![36][1];
    const mouthY = points![62][1];
    const chinY = points![8][1];
    expect(eyeY).toBeLessThan(mouthY);
    expect(mouthY).toBeLessThan(chinY);
    // The left eye corner is left of the right eye corner.
    expect(points![36][0]).toBeLessThan(points![45][0]);
  }, 60_000);

  it('is null when there is no face', async () => {
    const blank = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer();
    expect(await findPreviewLandmarks(blank)).toBeNull();
  }, 60_000);
});
