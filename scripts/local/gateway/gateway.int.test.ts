import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { APP_SHELL_FILE } from '@shared/site-pages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalEnv } from '../../../functions/test-support/local-env';
import { freePort } from '../ports';
import { type Gateway, startGateway } from './gateway';

const env = loadLocalEnv();
const uploadId = randomUUID();

const events: APIGatewayProxyEventV2[] = [];
const lastEvent = () => events[events.length - 1];
let gateway: Gateway;
let base: string;
const distDir = mkdtempSync(path.join(os.tmpdir(), 'gateway-dist-'));
const bigScript = `console.log(${JSON.stringify('x'.repeat(20_000))});`;

beforeAll(async () => {
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, APP_SHELL_FILE), '<!doctype html><title>app shell</title>');
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), bigScript);
  gateway = await startGateway({
    port: await freePort(),
    env,
    frontend: 'dist',
    distDir,
    log: () => undefined,
    handlers: {
      account: async () => ({ statusCode: 500, body: '' }),
      payments: async () => ({ statusCode: 500, body: '' }),
      webhooks: async () => ({ statusCode: 500, body: '' }),
      moments: async () => ({ statusCode: 500, body: '' }),
      admin: async () => ({ statusCode: 500, body: '' }),
      system: async (event) => {
        events.push(event);
        return {
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ok: true }),
        };
      },
      uploads: async (event) => {
        events.push(event);
        if (event.rawPath.endsWith('/email')) throw new Error('secret internal detail');
        return {
          statusCode: 201,
          headers: { 'Content-Type': 'image/png', 'X-Route': event.routeKey },
          cookies: ['a=1; Path=/; HttpOnly', 'b=2'],
          body: Buffer.from([0, 1, 2, 250]).toString('base64'),
          isBase64Encoded: true,
        };
      },
    },
  });
  base = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await gateway?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

describe('gateway: API Gateway payload v2', () => {
  it('builds the event (path params, query, base64 body) and maps the result back', async () => {
    const bytes = randomBytes(300);
    const response = await fetch(`${base}/api/uploads/${uploadId}/complete?a=1&a=2&q=x%20y`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Session-Id': 's-1', Cookie: 'c1=v1; c2=v2' },
      body: bytes,
    });
    const event = lastEvent();
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/uploads/{uploadId}/complete',
      rawPath: `/api/uploads/${uploadId}/complete`,
      rawQueryString: 'a=1&a=2&q=x%20y',
      queryStringParameters: { a: '1,2', q: 'x y' },
      pathParameters: { uploadId },
      cookies: ['c1=v1', 'c2=v2'],
      isBase64Encoded: true,
      headers: { 'x-session-id': 's-1', 'content-type': 'application/octet-stream' },
      requestContext: { http: { method: 'POST', sourceIp: '127.0.0.1' }, stage: '$default' },
    });
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
    expect(typeof event.requestContext.timeEpoch).toBe('number');
    expect(event.requestContext.requestId).toMatch(/[0-9a-f-]{36}/);
    expect(event.requestContext.http.userAgent).toBeTruthy();

    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-route')).toBe('POST /api/uploads/{uploadId}/complete');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2']);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 250]));
  });

  it('passes a JSON body as text', async () => {
    await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contentType: 'image/jpeg' }),
    });
    expect(lastEvent()).toMatchObject({ body: '{"contentType":"image/jpeg"}', isBase64Encoded: false });
  });

  it('answers 404 for an unknown API path and 405 for a wrong method, in the error shape', async () => {
    const unknown = await fetch(`${base}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
    const wrong = await fetch(`${base}/api/uploads/${uploadId}`, { method: 'PATCH' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, DELETE');
  });

  it('turns a throwing handler into a generic 500 without details', async () => {
    const response = await fetch(`${base}/api/uploads/${uploadId}/email`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.co"}',
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'server_error',
        message: 'Something went wrong on our side. Please try again in a moment.',
      },
    });
    expect(text).not.toContain('secret');
  });
});

/** GET without any automatic decompression. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('gateway: previews and the site', () => {
  const s3 = new S3Client({ forcePathStyle: true });
  afterAll(() => s3.destroy());
  const put = (bucket: string, key: string, body: Buffer, extra: Partial<{ CacheControl: string }> = {}) =>
    s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'image/jpeg', ...extra }),
    );

  it('serves only the public keys (previews/, template wm and thumb) of the renders bucket', async () => {
    const id = randomUUID();
    const preview = randomBytes(2048);
    await put(env.RENDERS_BUCKET, `previews/${id}/10.jpg`, preview, { CacheControl: 'public, max-age=60' });
    await put(env.RENDERS_BUCKET, `hd/${id}/10.jpg`, randomBytes(16));
    await put(env.UPLOADS_BUCKET, `previews/${id}/secret.jpg`, randomBytes(16));

    const ok = await fetch(`${base}/previews/${id}/10.jpg`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(ok.headers.get('cache-control')).toBe('public, max-age=60');
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(preview);

    for (const p of [
      `/previews/${id}/missing.jpg`,
      `/previews/${id}/secret.jpg`,
      `/previews/..%2Fhd%2F${id}%2F10.jpg`,
      `/previews/%2e%2e/hd/${id}/10.jpg`,
    ]) {
      const response = await fetch(`${base}${p}`);
      expect(response.status, p).toBe(404);
      expect((await response.text()).length).toBeLessThan(100);
    }
    // Not a public key: the site answers (here with its shell), never the bucket.
    const hd = await fetch(`${base}/hd/${id}/10.jpg`);
    expect(hd.status).toBe(404);

    const watermarked = randomBytes(512);
    await put(env.RENDERS_BUCKET, `templates/${id}/wm.jpg`, watermarked);
    await put(env.RENDERS_BUCKET, `templates/${id}/native.jpg`, randomBytes(16));
    const wm = await fetch(`${base}/templates/${id}/wm.jpg`);
    expect(wm.status).toBe(200);
    expect(Buffer.from(await wm.arrayBuffer())).toEqual(watermarked);
    expect((await fetch(`${base}/templates/${id}/native.jpg`)).status).toBe(404);
  });

  it('serves the built site with an SPA fallback, long-cached assets and compression', async () => {
    const route = await fetch(`${base}/result/${uploadId}`);
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('app shell');

    const asset = await rawGet(`${base}/assets/app-abc123.js`, { 'accept-encoding': 'gzip, br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.body.length).toBeLessThan(bigScript.length / 10);
    expect(zlib.brotliDecompressSync(asset.body).toString()).toBe(bigScript);
    const gzipped = await rawGet(`${base}/assets/app-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(bigScript);

    const missingAsset = await fetch(`${base}/assets/nope.js`);
    expect(missingAsset.status).toBe(404);
  });
});
