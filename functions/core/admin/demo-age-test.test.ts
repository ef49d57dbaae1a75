/** The age test on the deployment's demo image, over in-memory fakes (the real fetch and S3: the int test). */
import { demoImageSettingOf } from '@shared/rules/demo-image';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { tinyJpeg } from '../../test-support/fakes/images';
import { parent } from '../../test-support/fakes/scenes';
import { DomainError } from '../errors';
import { startDemoAgeTest } from './demo-age-test';
import { ImageFetchError } from './template-import-ports';

const admin = parent({ isAdmin: true });

const depsWith = (setting?: string) => {
  const deps = fakeDeps();
  deps.ageTestDemoImage = setting === undefined ? undefined : demoImageSettingOf(setting);
  return deps;
};

/** What the route answers: the error's kind and code, or the test's view. */
async function attempt(deps: ReturnType<typeof depsWith>) {
  try {
    return await startDemoAgeTest(deps, admin, { targetAge: 16 });
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code };
    throw error;
  }
}

describe('startDemoAgeTest', () => {
  it("stores a data: URL's photo as the operator's own upload and queues the age", async () => {
    const photo = await tinyJpeg('demo');
    const deps = depsWith(`data:image/jpeg;base64,${photo.toString('base64')}`);
    const view = await startDemoAgeTest(deps, admin, { targetAge: 16 });

    expect(view.jobs).toEqual([expect.objectContaining({ age: 16, status: 'processing' })]);
    const stored = await deps.uploads.getUploadWithJobs(view.uploadId);
    expect(stored?.upload).toMatchObject({
      owner: `user:${admin.sub}`,
      status: 'ready',
      purpose: 'keepsake',
    });
    expect(deps.blobs.keys('uploads')).toEqual([stored?.upload.fileKey]);
    expect(deps.renderQueue.sent).toEqual([{ uploadId: view.uploadId, age: 16 }]);
  });

  it('reads a URL through the guarded fetcher and a key from its bucket', async () => {
    const photo = await tinyJpeg('demo');
    const fromUrl = depsWith('https://images.example/portrait.jpg');
    fromUrl.imageFetcher.responses.set('https://images.example/portrait.jpg', photo);
    expect((await startDemoAgeTest(fromUrl, admin, { targetAge: 16 })).jobs).toHaveLength(1);

    const fromBucket = depsWith('renders:demo/portrait.jpg');
    await fromBucket.blobs.put('renders', 'demo/portrait.jpg', photo, { contentType: 'image/jpeg' });
    expect((await startDemoAgeTest(fromBucket, admin, { targetAge: 16 })).jobs).toHaveLength(1);
  });

  it('says what to fix, as a 4xx, for every way the setting can be wrong', async () => {
    expect(await attempt(depsWith())).toEqual({ kind: 'conflict', code: 'aiTestDemoImageUnset' });
    expect(await attempt(depsWith('ftp://images.example/a.jpg'))).toEqual({
      kind: 'unprocessable',
      code: 'aiTestDemoImageInvalid',
    });

    const blocked = depsWith('https://10.0.0.1/a.jpg');
    blocked.imageFetcher.responses.set(
      'https://10.0.0.1/a.jpg',
      new ImageFetchError('blocked_address', 'private address'),
    );
    expect(await attempt(blocked)).toEqual({ kind: 'unprocessable', code: 'demo_image_blocked_address' });

    expect(await attempt(depsWith('uploads:nowhere.jpg'))).toEqual({
      kind: 'unprocessable',
      code: 'aiTestDemoImageMissing',
    });
    expect(
      await attempt(depsWith(`data:image/png;base64,${Buffer.from('not a photo').toString('base64')}`)),
    ).toEqual({ kind: 'unprocessable', code: 'demo_image_notAnImage' });
  });

  it('leaves nothing behind when the image is refused', async () => {
    const deps = depsWith('uploads:nowhere.jpg');
    await attempt(deps);
    expect(deps.blobs.keys('uploads')).toEqual([]);
    expect(deps.renderQueue.sent).toEqual([]);
  });
});
