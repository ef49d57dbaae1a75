/**
 * BlobStore in memory, answering as S3 does through adapters/s3/blob-store.ts: reading a missing
 * object throws, deleting one is fine, a copy never carries the anonymous retention tag but is pending until committed. Presigned
 * URLs are fake addresses nothing serves; tests put the browser's file with `put`.
 */
import type { BlobBucket, BlobStore } from '../../core/ports';

export type StoredObject = {
  body: Buffer;
  contentType?: string;
  cacheControl?: string;
  /** Carries the tag the lifecycle rule expires after the anonymous retention period. */
  anonymous: boolean;
  /** Written before its transaction and not committed yet (PENDING_TAG: the lifecycle rule expires it). */
  pending: boolean;
};

export type FakeBlobStore = BlobStore & {
  /** The object as stored, or undefined. */
  object(bucket: BlobBucket, key: string): StoredObject | undefined;
  /** Every key of the bucket, sorted. */
  keys(bucket: BlobBucket): string[];
};

class NoSuchKey extends Error {
  constructor(bucket: BlobBucket, key: string) {
    super(`NoSuchKey: ${bucket}/${key}`);
    this.name = 'NoSuchKey';
  }
}

export function createFakeBlobStore(): FakeBlobStore {
  const buckets: Record<BlobBucket, Map<string, StoredObject>> = { uploads: new Map(), renders: new Map() };
  const existing = (bucket: BlobBucket, key: string) => {
    const found = buckets[bucket].get(key);
    if (!found) throw new NoSuchKey(bucket, key);
    return found;
  };
  const fakeUrl = (bucket: BlobBucket, key: string, query: Record<string, string | number>) =>
    `https://${bucket}.s3.fake/${key}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;

  return {
    async presignPut(bucket, key, { contentType, contentLength, expiresInSeconds }) {
      const url = fakeUrl(bucket, key, {
        method: 'PUT',
        contentType,
        contentLength,
        expires: expiresInSeconds,
      });
      return { url, headers: { 'Content-Type': contentType } };
    },

    async presignGet(bucket, key, { expiresInSeconds, fileName, disposition }) {
      return fakeUrl(bucket, key, { disposition, fileName, expires: expiresInSeconds });
    },

    async head(bucket, key) {
      const found = buckets[bucket].get(key);
      return found ? { size: found.body.length, contentType: found.contentType } : null;
    },

    async readHead(bucket, key, bytes) {
      return new Uint8Array(existing(bucket, key).body.subarray(0, bytes));
    },

    async get(bucket, key) {
      return Buffer.from(existing(bucket, key).body);
    },

    async put(bucket, key, body, { contentType, cacheControl, anonymous, pending }) {
      buckets[bucket].set(key, {
        body: Buffer.from(body),
        contentType,
        cacheControl,
        anonymous: Boolean(anonymous),
        pending: Boolean(pending),
      });
    },

    async delete(bucket, keys) {
      for (const key of keys) buckets[bucket].delete(key);
    },

    async copy(bucket, fromKey, toKey) {
      const source = existing(bucket, fromKey);
      buckets[bucket].set(toKey, {
        ...source,
        body: Buffer.from(source.body),
        anonymous: false,
        pending: true,
      });
    },

    async commit(bucket, keys, { anonymous }) {
      for (const key of keys) {
        const found = buckets[bucket].get(key);
        if (found) Object.assign(found, { pending: false, anonymous });
      }
    },

    async list(bucket, prefix) {
      return [...buckets[bucket].keys()].filter((key) => key.startsWith(prefix)).sort();
    },

    async clearAnonymousTag(bucket, key) {
      const found = buckets[bucket].get(key);
      // S3's DeleteObjectTagging removes every tag of the object.
      if (found) Object.assign(found, { anonymous: false, pending: false });
    },

    object: (bucket, key) => buckets[bucket].get(key),
    keys: (bucket) => [...buckets[bucket].keys()].sort(),
  };
}
