/**
 * The public keys of the renders bucket (previews, template images; shared/deployment.ts), as
 * CloudFront serves them in AWS: each at `/<key>`, streamed with the object's content type and cache
 * headers. Nothing else of any bucket is reachable.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { matchesKeyPattern, publicKeyPatterns } from '@shared/deployment';

const PUBLIC_KEYS = publicKeyPatterns('renders');
const DEFAULT_CACHE_CONTROL = 'public, max-age=86400';

/** Whether CloudFront would route this path to the renders bucket (its path patterns, before any checks). */
export function isPublicFilePath(rawPath: string): boolean {
  return PUBLIC_KEYS.some((pattern) => matchesKeyPattern(`/${pattern}`, rawPath));
}

/** The object key for a request path, or null when the path must not reach the bucket. */
export function publicKeyOf(rawUrl: string): string | null {
  let pathname: string;
  try {
    // The URL parser resolves "." and ".." segments (also percent-encoded ones).
    pathname = new URL(rawUrl, 'http://local').pathname;
  } catch {
    return null;
  }
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(1));
  } catch {
    return null;
  }
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..') || key.includes('\\')) return null;
  return PUBLIC_KEYS.some((pattern) => matchesKeyPattern(pattern, key)) ? key : null;
}

export async function servePublicFile(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { s3: S3Client; bucket: string },
): Promise<void> {
  const notFound = () => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const key = publicKeyOf(req.url ?? '/');
  if (!key) return notFound();
  try {
    const object = await opts.s3.send(
      new GetObjectCommand({
        Bucket: opts.bucket,
        Key: key,
        IfNoneMatch: req.headers['if-none-match'],
      }),
    );
    const headers: Record<string, string> = {
      'content-type': object.ContentType ?? 'application/octet-stream',
      'cache-control': object.CacheControl ?? DEFAULT_CACHE_CONTROL,
    };
    if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
    if (object.ETag) headers.etag = object.ETag;
    if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
    res.writeHead(200, headers);
    const body = object.Body as Readable | undefined;
    if (req.method === 'HEAD' || !body) {
      body?.destroy();
      res.end();
      return;
    }
    await pipeline(body, res);
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = (error as { name?: string }).name;
    if (status === 304 || name === 'NotModified') {
      res.writeHead(304).end();
      return;
    }
    if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) return notFound();
    throw error;
  }
}
