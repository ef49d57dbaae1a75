import { storageKeys, TEMPLATE_SQUARES } from '@shared/deployment';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { storedLayer } from './stored-layers';

describe('stored layers', () => {
  it('read a copy, or the file it was made from when the copy cannot be read (data from before copies)', async () => {
    const deps = fakeDeps();
    const image = {
      key: storageKeys.templateSquare('t1', TEMPLATE_SQUARES.free),
      original: storageKeys.template('t1', 'wm.jpg'),
      version: 'v1',
    };
    await deps.blobs.put('renders', image.original, Buffer.from('original'), { contentType: 'image/jpeg' });
    expect((await storedLayer(deps, 'renders', image).load()).toString()).toBe('original');
    await deps.blobs.put('renders', image.key, Buffer.from('copy'), { contentType: 'image/jpeg' });
    expect((await storedLayer(deps, 'renders', image).load()).toString()).toBe('copy');
    expect(storedLayer(deps, 'renders', image).cacheKey).toBe(`${image.key}@v1`);
  });

  it('fail with the original’s error when neither can be read, and a file of its own has no fallback', async () => {
    const deps = fakeDeps();
    const image = { key: 'templates/t1/wm-800.jpg', original: 'templates/t1/wm.jpg', version: 'v1' };
    await expect(storedLayer(deps, 'renders', image).load()).rejects.toThrow(image.original);
    await deps.blobs.put('renders', image.original, Buffer.from('original'), { contentType: 'image/jpeg' });
    await expect(storedLayer(deps, 'renders', { key: image.key, version: 'v1' }).load()).rejects.toThrow(
      image.key,
    );
  });
});
