/** Object tagging on the local S3 emulator behaves like S3 for everything the app does with tags. */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  DeleteObjectTaggingCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLocalEnv } from '../../../functions/test-support/local-env';

const env = loadLocalEnv();
const s3 = new S3Client({ forcePathStyle: true });
const Bucket = env.RENDERS_BUCKET;
afterAll(() => s3.destroy());

const key = () => `previews/${crypto.randomUUID()}/10-abc.jpg`;
const tagsOf = async (Key: string) =>
  Object.fromEntries(
    ((await s3.send(new GetObjectTaggingCommand({ Bucket, Key }))).TagSet ?? []).map((t) => [t.Key, t.Value]),
  );
const bodyOf = async (Key: string) =>
  (await s3.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToString();

describe('S3 emulator: object tagging', () => {
  it('keeps the tags PutObject sets and changes only tags with Put/DeleteObjectTagging', async () => {
    const Key = key();
    await s3.send(new PutObjectCommand({ Bucket, Key, Body: 'photo', Tagging: 'retention=anonymous' }));
    expect(await tagsOf(Key)).toEqual({ retention: 'anonymous' });

    await s3.send(
      new PutObjectTaggingCommand({ Bucket, Key, Tagging: { TagSet: [{ Key: 'a', Value: 'b & c' }] } }),
    );
    expect(await tagsOf(Key)).toEqual({ a: 'b & c' });
    await s3.send(new DeleteObjectTaggingCommand({ Bucket, Key }));
    expect(await tagsOf(Key)).toEqual({});
    // The object itself is untouched (fauxqs alone would have stored the tagging XML as the body).
    expect(await bodyOf(Key)).toBe('photo');
  });

  it('copies tags unless the copy replaces them', async () => {
    const source = key();
    await s3.send(new PutObjectCommand({ Bucket, Key: source, Body: 'x', Tagging: 'retention=anonymous' }));
    const kept = key();
    await s3.send(new CopyObjectCommand({ Bucket, Key: kept, CopySource: `${Bucket}/${source}` }));
    expect(await tagsOf(kept)).toEqual({ retention: 'anonymous' });
    const replaced = key();
    await s3.send(
      new CopyObjectCommand({
        Bucket,
        Key: replaced,
        CopySource: `${Bucket}/${source}`,
        TaggingDirective: 'REPLACE',
      }),
    );
    expect(await tagsOf(replaced)).toEqual({});
    expect(await bodyOf(replaced)).toBe('x');
  });

  it('forgets the tags of a deleted object and answers NoSuchKey for a missing one', async () => {
    const one = key();
    const two = key();
    for (const Key of [one, two]) {
      await s3.send(new PutObjectCommand({ Bucket, Key, Body: 'x', Tagging: 'retention=anonymous' }));
    }
    await s3.send(new DeleteObjectCommand({ Bucket, Key: one }));
    await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: two }] } }));
    for (const Key of [one, two]) {
      await expect(tagsOf(Key)).rejects.toMatchObject({ name: 'NoSuchKey' });
      await s3.send(new PutObjectCommand({ Bucket, Key, Body: 'again' }));
      expect(await tagsOf(Key)).toEqual({});
    }
    await expect(s3.send(new DeleteObjectTaggingCommand({ Bucket, Key: key() }))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });
});
