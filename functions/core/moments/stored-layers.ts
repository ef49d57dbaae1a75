/**
 * Stored images as keepsake layers. Some are copies made for speed (a template's square copies, a
 * cut-out's copy for free keepsakes): a copy that cannot be read is replaced by the file it was
 * made from, so data stored before the copies existed still draws, only slower.
 */
import type { Deps } from '../deps';
import type { BlobBucket } from '../ports';
import type { LayerSource } from './moments-ports';

/** A stored image and its cache version; for a copy, the file it was made from. */
export type StoredImage = { key: string; version: string; original?: string };

export function storedLayer(
  deps: Pick<Deps, 'blobs' | 'logger'>,
  bucket: BlobBucket,
  image: StoredImage,
): LayerSource {
  const { original } = image;
  const read = (key: string) => deps.blobs.get(bucket, key);
  return {
    cacheKey: `${image.key}@${image.version}`,
    load: () =>
      original
        ? // Any failure: in AWS a missing key reads as 403 (a role may not list the bucket).
          read(image.key).catch((error) => {
            deps.logger.info('copy unreadable, drawing from the original', {
              key: image.key,
              error: String(error),
            });
            return read(original);
          })
        : read(image.key),
  };
}
