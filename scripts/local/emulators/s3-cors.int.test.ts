import { randomBytes } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLocalEnv } from '../../../functions/test-support/local-env';

const env = loadLocalEnv();
const s3 = new S3Client({ forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' });
// Presigned URLs are signed for the address the browser uses, as the app does.
const signer = new S3Client({ forcePathStyle: true, endpoint: env.S3_PUBLIC_ENDPOINT });
const APP_ORIGIN = 'http://localhost:3000';

afterAll(() => {
  s3.destroy();
  signer.destroy();
});

async function presignPut(key: string, contentType: string, contentLength: number): Promise<string> {
  return getSignedUrl(
    signer,
    new PutObjectCommand({
      Bucket: env.UPLOADS_BUCKET,
      Key: key,
      ContentType: contentType,
      ContentLength: contentLength,
    }),
    { expiresIn: 300, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

describe('S3 emulator and the browser', () => {
  it('lets a page on http://localhost:3000 PUT a presigned URL (preflight, then the upload)', async () => {
    const bytes = randomBytes(64 * 1024);
    const key = `temp/session-1/${Date.now()}.jpg`;
    const url = await presignPut(key, 'image/jpeg', bytes.length);
    expect(url.startsWith(`${env.S3_PUBLIC_ENDPOINT}/${env.UPLOADS_BUCKET}/`)).toBe(true);

    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');

    const put = await fetch(url, {
      method: 'PUT',
      headers: { Origin: APP_ORIGIN, 'Content-Type': 'image/jpeg' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(put.headers.get('access-control-expose-headers')).toContain('ETag');

    const stored = await s3.send(new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: key }));
    expect(stored.ContentType).toBe('image/jpeg');
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(bytes);
  });

  it('gives no CORS permission to origins outside this machine', async () => {
    const url = await presignPut('temp/x.jpg', 'image/jpeg', 3);
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
