import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APP_SHELL_FILE, PRERENDERED_PAGES } from '@shared/site-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDistHandler } from './frontend';

const distDir = mkdtempSync(path.join(os.tmpdir(), 'site-'));
let server: http.Server;
let base: string;

beforeAll(async () => {
  writeFileSync(path.join(distDir, APP_SHELL_FILE), '<title>app shell</title>');
  for (const [page, file] of Object.entries(PRERENDERED_PAGES)) {
    mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
    writeFileSync(path.join(distDir, file), `<title>page ${page}</title>`);
  }
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Little Futures"}');
  const site = createDistHandler(distDir);
  server = http.createServer((req, res) => void site.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(distDir, { recursive: true, force: true });
});

const titleOf = async (pathname: string) => {
  const response = await fetch(`${base}${pathname}`);
  expect(response.status, pathname).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return /<title>(.*)<\/title>/.exec(await response.text())?.[1];
};

describe('createDistHandler: the site as CloudFront serves it', () => {
  it('serves each prerendered page its own HTML', async () => {
    expect(await titleOf('/')).toBe('page /');
    expect(await titleOf('/pricing')).toBe('page /pricing');
    expect(await titleOf('/upload/')).toBe('page /upload');
  });

  it('serves the app shell for client-side routes', async () => {
    expect(await titleOf('/auth')).toBe('app shell');
    expect(await titleOf('/result/3f1c1f7e-8f7a-4c2e-9a51-2b1f0f4e9d11')).toBe('app shell');
    expect(await titleOf('/pricing/more')).toBe('app shell');
  });

  it('answers 404 for a missing file rather than HTML', async () => {
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/missing.png`)).status).toBe(404);
  });

  it('serves the service worker uncached, so a new build reaches the browser at once', async () => {
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
  });
});
