/** Private S3 buckets behind the BlobStore port. */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobBucket, BlobStore } from '../../core/ports';

/** Tag that the buckets' lifecycle rule expires after the anonymous retention period. */
export const ANONYMOUS_TAG = 'retention=anonymous';

export function createS3BlobStore(
  s3: S3Client,
  buckets: Record<BlobBucket, string>,
  /** Client used only to sign URLs the browser will call (another host than the server's view). */
  publicSigner: S3Client = s3,
): BlobStore {
  const bucketName = (bucket: BlobBucket) => buckets[bucket];

  return {
    async presignPut(bucket, key, { contentType, contentLength, expiresInSeconds }) {
      const command = new PutObjectCommand({
        Bucket: bucketName(bucket),
        Key: key,
        ContentType: contentType,
        ContentLength: contentLength,
      });
      // Signing type and length makes S3 refuse any other file than the one declared.
      const url = await getSignedUrl(publicSigner, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return { url, headers: { 'Content-Type': contentType } };
    },

    async head(bucket, key) {
      try {
        const result = await s3.send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
        return { size: result.ContentLength ?? 0, contentType: result.ContentType };
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },

    async readHead(bucket, key, bytes) {
      const result = await s3.send(
        new GetObjectCommand({ Bucket: bucketName(bucket), Key: key, Range: `bytes=0-${bytes - 1}` }),
      );
      const body = await result.Body!.transformToByteArray();
      // An emulator may ignore Range; only the head is wanted either way.
      return body.subarray(0, bytes);
    },

    async get(bucket, key) {
      const result = await s3.send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
      return Buffer.from(await result.Body!.transformToByteArray());
    },

    async put(bucket, key, body, { contentType, cacheControl, anonymous }) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucketName(bucket),
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: cacheControl,
          Tagging: anonymous ? ANONYMOUS_TAG : undefined,
        }),
      );
    },

    async delete(bucket, keys) {
      if (keys.length === 0) return;
      await s3.send(
        new DeleteObjectsCommand({
          Bucket: bucketName(bucket),
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    },
  };
}
