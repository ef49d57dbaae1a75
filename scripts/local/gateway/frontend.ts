/**
 * The frontend behind the local gateway, like CloudFront in front of the site bucket: built files
 * from dist/site (prerendered pages and the app shell as shared/site-pages.ts says, long cache for
 * hashed assets, gzip/brotli), or Vite in middleware mode with HMR for development.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { htmlFileFor } from '@shared/site-pages';

export type FrontendHandler = {
  handle(req: IncomingMessage, res: ServerResponse): void | Promise<void>;
  close(): Promise<void>;
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
  '.wasm',
]);

// Revalidated on every visit, like the HTML: a new build's worker must reach the browser at once.
const SERVICE_WORKER_PATH = '/sw.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip' | 'identity';

function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

export function createDistHandler(distDir: string): FrontendHandler {
  const root = path.resolve(distDir);
  // Compressed bodies by file, encoding and mtime: each file is compressed once.
  const cache = new Map<string, Buffer>();

  async function findFile(pathname: string): Promise<{ file: string; size: number; mtimeMs: number } | null> {
    const file = path.join(root, pathname);
    if (file !== root && !file.startsWith(root + path.sep)) return null;
    const info = await stat(file).catch(() => null);
    return info?.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
  }

  return {
    async handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
      } catch {
        res.writeHead(400).end();
        return;
      }
      let found = await findFile(pathname);
      const isAsset = pathname.startsWith('/assets/');
      if (!found && !isAsset && !path.extname(pathname)) {
        // A prerendered page (/, /pricing) gets its own HTML, client-side routes (/result/...) the app shell.
        found = await findFile(`/${htmlFileFor(pathname)}`);
      }
      if (!found) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const ext = path.extname(found.file).toLowerCase();
      const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
      const headers: Record<string, string> = {
        'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
        'cache-control': isAsset
          ? 'public, max-age=31536000, immutable'
          : ext === '.html' || pathname === SERVICE_WORKER_PATH
            ? 'no-cache'
            : 'public, max-age=3600',
        etag,
        vary: 'Accept-Encoding',
      };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      let body: Buffer = await readFile(found.file);
      const encoding =
        COMPRESSIBLE.has(ext) && body.length > 1024
          ? pickEncoding(req.headers['accept-encoding'])
          : 'identity';
      if (encoding !== 'identity') {
        const key = `${found.file}|${encoding}|${found.mtimeMs}`;
        let compressed = cache.get(key);
        if (!compressed) {
          compressed = encoding === 'br' ? await brotli(body) : await gzip(body, { level: 9 });
          cache.set(key, compressed);
        }
        body = compressed;
        headers['content-encoding'] = encoding;
      }
      headers['content-length'] = String(body.length);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    async close() {
      cache.clear();
    },
  };
}

/** Vite dev server in middleware mode; HMR's websocket shares the gateway's HTTP server. */
export async function createViteHandler(opts: {
  repoRoot: string;
  httpServer: Server;
}): Promise<FrontendHandler> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(opts.repoRoot, 'vite.config.ts'),
    root: path.join(opts.repoRoot, 'frontend'),
    appType: 'spa',
    server: { middlewareMode: true, ws: { server: opts.httpServer } },
  });
  return {
    handle(req, res) {
      vite.middlewares(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      });
    },
    close: () => vite.close(),
  };
}
