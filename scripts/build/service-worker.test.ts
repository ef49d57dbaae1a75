import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServiceWorker } from './service-worker';

const siteDir = mkdtempSync(path.join(os.tmpdir(), 'sw-site-'));
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const FILES = {
  'index.html': '<h1>landing</h1>',
  'pricing/index.html': '<h1>pricing</h1>',
  'app.html': '<div id="root"></div>',
  'offline.html': "<h1>You're offline</h1>",
  'manifest.webmanifest': '{}',
  'icons/icon-192.png': 'png',
  'assets/app-Ab12Cd34.js': 'console.log(1)',
  'assets/app-Ab12Cd34.css': 'body{}',
  'assets/heic-libheif-Zz99Yy88.wasm': 'wasm',
  'assets/heic-libheif-Zz99Yy88.js': 'libheif',
  '.vite/manifest.json': '{}',
};

describe('buildServiceWorker', () => {
  it('writes sw.js with the finished site precached, revisioned, and the HEIC decoder left out', async () => {
    for (const [file, body] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
      writeFileSync(path.join(siteDir, file), body);
    }
    await buildServiceWorker({ siteDir });
    const worker = readFileSync(path.join(siteDir, 'sw.js'), 'utf8');
    const entries = [...worker.matchAll(/\{"revision":(null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map(
      ([, revision, url]) => [url, revision === 'null' ? 'hashed' : 'revisioned'],
    );
    expect(Object.fromEntries(entries)).toEqual({
      'index.html': 'revisioned',
      'pricing/index.html': 'revisioned',
      'app.html': 'revisioned',
      'offline.html': 'revisioned',
      'manifest.webmanifest': 'revisioned',
      'icons/icon-192.png': 'revisioned',
      'assets/app-Ab12Cd34.js': 'hashed',
      'assets/app-Ab12Cd34.css': 'hashed',
    });
    // The worker's source, bundled: no import left, the injection point filled.
    expect(worker).not.toMatch(/\bimport\s*[{*]|__WB_MANIFEST/);
    // Nothing of the build left behind beside it.
    expect(readdirSync(path.join(siteDir, '.vite'))).toEqual(['manifest.json']);
  });
});
