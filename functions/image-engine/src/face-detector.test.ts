import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectFaces, detectLargestFaceQuickly, loadFaceApi, settled } from './face-detector';
import { landscapeJpeg, samplePhoto } from './test-photos';

/** One upright face: the woman on the left of sample1, cropped from the 1920×1280 photo. */
async function portrait(): Promise<Buffer> {
  return sharp(samplePhoto(1)).extract({ left: 150, top: 80, width: 480, height: 640 }).jpeg().toBuffer();
}

describe('settled', () => {
  it('rejects when a face-api task fails (awaiting the task itself would never return)', async () => {
    // face-api's tasks: `async then(onFulfilled) { return onFulfilled(await this.run()) }`.
    class Task {
      run = async (): Promise<number[]> => {
        throw new Error('net failed');
      };
      // biome-ignore lint/suspicious/noThenProperty: face-api's tasks are thenables; this is one.
      async then(onFulfilled: (value: number[]) => unknown) {
        return onFulfilled(await this.run());
      }
    }
    await expect(settled(new Task() as unknown as PromiseLike<number[]>)).rejects.toThrow('net failed');
    await expect(settled(Promise.resolve([1]))).resolves.toEqual([1]);
  });
});

describe('face detector (face-api, offline)', () => {
  beforeAll(async () => {
    await loadFaceApi();
  }, 30_000);

  it('finds the faces in a real photo with a sane box and age', async () => {
    const { faces, ms } = await detectFaces(samplePhoto(1));
    expect(faces.length).toBeGreaterThanOrEqual(2);
    const face = faces[0];
    // Largest first.
    expect(face.width * face.height).toBeGreaterThanOrEqual(faces[1].width * faces[1].height);
    // Faces in this 1920×1280 group photo are roughly 150–250 px across.
    expect(face.width).toBeGreaterThan(100);
    expect(face.width).toBeLessThan(400);
    expect(face.height / face.width).toBeGreaterThan(0.9);
    expect(face.height / face.width).toBeLessThan(2);
    expect(face.x).toBeGreaterThanOrEqual(0);
    expect(face.x + face.width).toBeLessThanOrEqual(1920);
    expect(face.y + face.height).toBeLessThanOrEqual(1280);
    expect(face.score).toBeGreaterThan(0.5);
    expect(face.estimatedAge).toBeGreaterThan(12);
    expect(face.estimatedAge).toBeLessThan(55);
    expect(ms).toBeGreaterThan(0);
  });

  it('measures roll from the landmarks: a photo turned 20° clockwise gives a roll ~0.35 rad larger', async () => {
    const upright = (await detectFaces(await portrait())).faces[0];
    const turned = await sharp(await portrait())
      .rotate(20, { background: '#808080' })
      .jpeg()
      .toBuffer();
    const tilted = (await detectFaces(turned)).faces[0];
    expect(Math.abs(upright.roll)).toBeLessThan(0.2);
    expect(tilted.roll - upright.roll).toBeGreaterThan(0.2);
    expect(tilted.roll - upright.roll).toBeLessThan(0.5);
  });

  it('honours EXIF orientation: a sideways file tagged 6 is detected upright, in displayed pixels', async () => {
    // Stored rotated a quarter turn anticlockwise, tagged "rotate 90° clockwise to display".
    const stored = await sharp(await portrait())
      .rotate(-90)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { faces } = await detectFaces(stored);
    expect(faces.length).toBe(1);
    expect(Math.abs(faces[0].roll)).toBeLessThan(0.25);
    // Displayed size is 480×640: the box lies within it.
    expect(faces[0].x + faces[0].width).toBeLessThanOrEqual(480);
    expect(faces[0].y + faces[0].height).toBeLessThanOrEqual(640);
  });

  it('finds nothing in a landscape', async () => {
    const { faces } = await detectFaces(await landscapeJpeg());
    expect(faces).toEqual([]);
  });

  it('finds the largest face quickly (tiny detector) where SSD finds it, and nothing in a landscape', async () => {
    for (const n of [1, 3] as const) {
      const photo = samplePhoto(n);
      const [ssd, quick] = await Promise.all([detectFaces(photo), detectLargestFaceQuickly(photo)]);
      const largest = ssd.faces[0];
      expect(quick).not.toBeNull();
      // The same face: centres within a fifth of its width, sizes within a quarter.
      const centre = (f: { x: number; y: number; width: number; height: number }) => [
        f.x + f.width / 2,
        f.y + f.height / 2,
      ];
      const [qx, qy] = centre(quick!);
      const [sx, sy] = centre(largest);
      expect(Math.hypot(qx - sx, qy - sy)).toBeLessThan(largest.width / 5);
      expect(Math.abs(quick!.width / largest.width - 1)).toBeLessThan(0.25);
    }
    expect(await detectLargestFaceQuickly(await landscapeJpeg(640, 480))).toBeNull();
  });
});
