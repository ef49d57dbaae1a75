/** What the buckets really hold, for integration tests. Call loadLocalEnv() first. */
import { GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { S3_PREFIXES } from '@shared/deployment';
import type { BlobBucket } from '../core/ports';

let client: S3Client | undefined;
const s3 = () => {
  client ??= new S3Client({
    region: process.env.AWS_REGION,
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
  });
  return client;
};

const bucketName = (bucket: BlobBucket) =>
  bucket === 'uploads' ? process.env.UPLOADS_BUCKET! : process.env.RENDERS_BUCKET!;

export async function tagsOf(bucket: BlobBucket, key: string): Promise<Record<string, string>> {
  const result = await s3().send(new GetObjectTaggingCommand({ Bucket: bucketName(bucket), Key: key }));
  return Object.fromEntries((result.TagSet ?? []).map((tag) => [tag.Key!, tag.Value!]));
}

/** Every object of an upload anywhere: raw, temp/ and users/ originals, previews and HD files. */
export async function objectsOfUpload(
  blobs: { list(bucket: BlobBucket, prefix: string): Promise<string[]> },
  uploadId: string,
): Promise<string[]> {
  const [incoming, temp, users, previews, hd] = await Promise.all([
    blobs.list('uploads', `${S3_PREFIXES.incoming.prefix}${uploadId}`),
    blobs.list('uploads', S3_PREFIXES.visitorFiles.prefix),
    blobs.list('uploads', S3_PREFIXES.userFiles.prefix),
    blobs.list('renders', `${S3_PREFIXES.previews.prefix}${uploadId}/`),
    blobs.list('renders', `${S3_PREFIXES.hd.prefix}${uploadId}/`),
  ]);
  const mine = (keys: string[]) => keys.filter((key) => key.includes(`/${uploadId}/`));
  return [...incoming, ...mine(temp), ...mine(users), ...previews, ...hd];
}
