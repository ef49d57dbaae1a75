/** Private S3 buckets behind the BlobStore port. */
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  DeleteObjectTaggingCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  PutObjectTaggingCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ANONYMOUS_TAG, ANONYMOUS_TAGGING, PENDING_TAGGING } from '@shared/deployment';
import type { BlobBucket, BlobStore } from '../../core/ports';

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

    async presignGet(bucket, key, { expiresInSeconds, fileName, disposition }) {
      const command = new GetObjectCommand({
        Bucket: bucketName(bucket),
        Key: key,
        ResponseContentDisposition: `${disposition}; filename="${fileName.replace(/["\\\r\n]/g, '')}"`,
      });
      return getSignedUrl(publicSigner, command, { expiresIn: expiresInSeconds });
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

    async put(bucket, key, body, { contentType, cacheControl, anonymous, pending }) {
      const tagging = [anonymous && ANONYMOUS_TAGGING, pending && PENDING_TAGGING].filter(Boolean).join('&');
      await s3.send(
        new PutObjectCommand({
          Bucket: bucketName(bucket),
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: cacheControl,
          // The buckets' lifecycle rules expire files with these tags (anonymous retention, never committed).
          Tagging: tagging || undefined,
        }),
      );
    },

    async delete(bucket, keys) {
      // DeleteObjects takes at most 1000 keys; it reports per-key failures instead of throwing.
      for (let i = 0; i < keys.length; i += 1000) {
        const result = await s3.send(
          new DeleteObjectsCommand({
            Bucket: bucketName(bucket),
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length) {
          throw new Error(`S3 kept ${failed.length} object(s), e.g. ${failed[0].Key}: ${failed[0].Code}`);
        }
      }
    },

    async copy(bucket, fromKey, toKey) {
      const name = bucketName(bucket);
      await s3.send(
        new CopyObjectCommand({
          Bucket: name,
          Key: toKey,
          CopySource: `${name}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
          // REPLACE: the copy must not carry the anonymous retention tag, and is pending until committed.
          TaggingDirective: 'REPLACE',
          Tagging: PENDING_TAGGING,
          MetadataDirective: 'COPY',
        }),
      );
    },

    async list(bucket, prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket: bucketName(bucket), Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },

    async commit(bucket, keys, { anonymous }) {
      // The tags an object keeps are known, so one call sets them (no read of the current set).
      const Bucket = bucketName(bucket);
      const keep = [{ Key: ANONYMOUS_TAG.key, Value: ANONYMOUS_TAG.value }];
      await Promise.all(
        keys.map((Key) =>
          (anonymous
            ? s3.send(new PutObjectTaggingCommand({ Bucket, Key, Tagging: { TagSet: keep } }))
            : s3.send(new DeleteObjectTaggingCommand({ Bucket, Key }))
          ).catch((error) => {
            if ((error as { name?: string }).name !== 'NoSuchKey') throw error;
          }),
        ),
      );
    },

    async clearAnonymousTag(bucket, key) {
      try {
        await s3.send(new DeleteObjectTaggingCommand({ Bucket: bucketName(bucket), Key: key }));
      } catch (error) {
        if ((error as { name?: string }).name !== 'NoSuchKey') throw error;
      }
    },
  };
}
