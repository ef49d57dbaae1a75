/**
 * Stored images as keepsake layers. Some are copies made for speed (a template's square copies, a
 * cut-out's copy for free keepsakes), written beside the file they were made from.
 */
import type { Deps } from '../deps';
import type { BlobBucket } from '../ports';
import type { LayerSource } from './moments-ports';

/** A stored image and its cache version. */
export type StoredImage = { key: string; version: string };

export function storedLayer(deps: Pick<Deps, 'blobs'>, bucket: BlobBucket, image: StoredImage): LayerSource {
  return {
    cacheKey: `${image.key}@${image.version}`,
    load: () => deps.blobs.get(bucket, image.key),
  };
}
