/**
 * The template editor's and seeder's routes through the real admin handler on the emulators:
 * an import with real images into S3 and the table, a save that approves, the bad inputs — each a
 * clear 4xx with nothing half-written — and an import from a slow image host that answers before
 * the invocation's deadline with what it imported and what it could not.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageKeys } from '@shared/deployment';
import { messages } from '@shared/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLambdaContext } from '../../scripts/local/lambda-context';
import { createImageFetcher } from '../adapters/http/image-fetcher';
import { FETCH_RESERVE_MS } from '../core/admin/import-templates';
import { claimsOf, newParent } from '../test-support/cognito';
import { httpEvent } from '../test-support/invoke';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, handlers, lambdaDeps } = createTestApp();
let admin: Record<string, string>;
let parent: Record<string, string>;
let server: http.Server;
let serverHits = 0;

const pngUrl = async (width: number, height: number, background = '#7dd3fc') =>
  `data:image/png;base64,${(
    await sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
const item = (over: Record<string, unknown> = {}) => ({
  name: `Imported ${crypto.randomUUID()}`,
  category: 'Family',
  orientation: '4:5',
  imageUrl: '',
  safeArea: { xPct: 0.2, yPct: 0.3, wPct: 0.5, hPct: 0.6, anchor: 'bottom' },
  ...over,
});
const importAs = (claims: Record<string, string>, templates: unknown) =>
  callRoute('importTemplates', { claims, body: { templates } });
/** What is stored: template items and template files. */
const stored = async () => ({
  items: (await deps.templates.listAll()).length,
  files: (await deps.blobs.list('renders', 'templates/')).length,
});

beforeAll(async () => {
  const [a, p] = await Promise.all([newParent({ admin: true }), newParent()]);
  [admin, parent] = await Promise.all([claimsOf(a.idToken), claimsOf(p.idToken)]);
  server = http.createServer((_req, res) => {
    serverHits++;
    res.end('not an image');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => server.close());

describe('the template seeder and editor', () => {
  it('imports templates with their images, lists them, and a save approves one for the composer', async () => {
    const items = [
      item({ templateId: 'int-a', imageUrl: await pngUrl(400, 500) }),
      item({ orientation: '1:1', category: 'Fantasy', imageUrl: await pngUrl(300, 300, '#f9a8d4') }),
    ];
    const imported = await importAs(admin, items);
    expect(imported.status).toBe(200);
    expect(imported.json.imported).toBe(2);
    const [first, second] = imported.json.templates;
    expect(first).toMatchObject({ sceneName: items[0].name, status: 'active', displayOrder: 0 });
    expect([first.nativeWidth, first.nativeHeight, second.nativeWidth]).toEqual([1638, 2048, 2048]);
    const wm = await deps.blobs.get('renders', storageKeys.template(first.templateId, 'wm.jpg'));
    expect(await sharp(wm).metadata()).toMatchObject({ format: 'jpeg', width: 1638, height: 2048 });
    for (const file of ['native.jpg', 'thumb.webp'] as const) {
      expect(await deps.blobs.head('renders', storageKeys.template(first.templateId, file))).not.toBeNull();
    }
    expect((await deps.templates.getTemplate(first.templateId))?.placement).toEqual({
      x: 0.45,
      y: 0.6,
      width: 0.5,
      height: 0.6,
      rotation: 0,
    });

    const listed = await callRoute('listAdminTemplates', { claims: admin });
    const ids = listed.json.templates.map((t: { templateId: string }) => t.templateId);
    // Newest first (the second item was made a millisecond after the first).
    expect(ids.indexOf(second.templateId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.templateId)).toBeLessThan(ids.indexOf(first.templateId));
    const gallery = async () =>
      (await callRoute('listComposerTemplates', {})).json.templates.map(
        (t: { templateId: string }) => t.templateId,
      );
    expect(await gallery()).not.toContain(first.templateId);

    const save = {
      sceneName: 'Reviewed',
      category: 'Family',
      orientation: '4:5',
      safeArea: { x: 0.95, y: 0.1, width: 0.5, height: 0.5, anchor: 'center' },
      nativeWidth: 1638,
      nativeHeight: 2048,
      displayOrder: -5,
    };
    const saved = await callRoute('updateTemplate', {
      claims: admin,
      params: { templateId: first.templateId },
      body: save,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      status: 'approved',
      safeArea: { x: 0.5, width: 0.5 },
      displayOrder: -5,
    });
    expect((await gallery())[0]).toBe(first.templateId);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const before = await stored();
    const good = await pngUrl(64, 64);
    const { name: _n, ...nameless } = item({ imageUrl: good });
    const port = (server.address() as AddressInfo).port;
    const cases: [unknown, number, string, [number, string][]?][] = [
      [{ name: 'not an array' }, 400, messages.invalidImportJson],
      [[nameless], 400, messages.importInvalidItems, [[0, 'name']]],
      [
        [
          item({ imageUrl: good }),
          item({ imageUrl: good, safeArea: { xPct: 1.5, yPct: 0, wPct: 0.5, hPct: 0.5 } }),
        ],
        400,
        messages.importInvalidItems,
        [[1, 'safeArea.xPct']],
      ],
      [Array.from({ length: 1000 }, () => item({ imageUrl: good })), 400, messages.importTooMany],
      [
        [item({ imageUrl: `http://127.0.0.1:${port}/a.png` })],
        400,
        messages.importInvalidItems,
        [[0, 'imageUrl']],
      ],
      [
        [
          item({ imageUrl: good }),
          item({ imageUrl: `https://127.0.0.1:${port}/a.png` }),
          item({ imageUrl: 'https://169.254.169.254/latest/meta-data/' }),
          item({
            imageUrl: `data:image/png;base64,${Buffer.from('<!doctype html><p>hi').toString('base64')}`,
          }),
          item({ imageUrl: `data:image/png;base64,${Buffer.alloc(50 * 1024 * 1024).toString('base64')}` }),
        ],
        422,
        messages.importImagesRejected,
        [
          [1, 'imageUrl'],
          [2, 'imageUrl'],
          [3, 'imageUrl'],
          [4, 'imageUrl'],
        ],
      ],
    ];
    for (const [templates, status, message, where] of cases) {
      const result = await importAs(admin, templates);
      expect([result.status, result.json.error.message]).toEqual([status, message]);
      if (where)
        expect(
          result.json.error.issues.map((i: { index: number; field: string }) => [i.index, i.field]),
        ).toEqual(where);
    }
    expect(await stored()).toEqual(before);
    expect(serverHits).toBe(0);
  });

  it('answers 404 for an unknown template, 400 for a bad save and 403 for a parent', async () => {
    const body = {
      sceneName: 'X',
      category: 'Family',
      orientation: '1:1',
      safeArea: { x: 0.1, y: 0.1, width: 0.5, height: 0.5, anchor: 'center' },
      nativeWidth: 2048,
      nativeHeight: 2048,
      displayOrder: 0,
    };
    const missing = await callRoute('updateTemplate', {
      claims: admin,
      params: { templateId: crypto.randomUUID() },
      body,
    });
    expect([missing.status, missing.json.error.message]).toEqual([404, messages.templateSaveNotFound]);
    const [any] = await deps.templates.listAll();
    const bad = await callRoute('updateTemplate', {
      claims: admin,
      params: { templateId: any.id },
      body: { ...body, safeArea: { ...body.safeArea, x: 1.5 } },
    });
    expect(bad.status).toBe(400);
    expect((await importAs(parent, [item()])).status).toBe(403);
  });

  it('imports what a slow image host delivered before the deadline and names the rest: no 503, nothing half-written', async () => {
    // A TLS host (the fetcher's test options trust it) that takes 1.5 s per image.
    const dir = mkdtempSync(join(tmpdir(), 'slow-host-'));
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=slow.test'],
        ...['-addext', 'subjectAltName=DNS:slow.test'],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const png = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#a7f3d0' } })
      .png()
      .toBuffer();
    const slow = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (_req, res) => {
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 1_500);
      res.on('close', () => clearTimeout(timer));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const port = (slow.address() as AddressInfo).port;
    const guard = lambdaDeps.admin.imageFetcher;
    lambdaDeps.admin.imageFetcher = createImageFetcher({
      ca: cert,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      isAllowedAddress: (address) => address === '127.0.0.1',
    });
    try {
      const before = await stored();
      const items = Array.from({ length: 40 }, (_, i) =>
        item({ name: `Slow ${i}`, imageUrl: `https://slow.test:${port}/${i}.png` }),
      );
      // The admin Lambda as the platform runs it, with 2.5 s for fetching before the reserve.
      const timeoutMs = FETCH_RESERVE_MS + 2_500;
      const started = Date.now();
      const result = await handlers.httpHandlers.admin(
        httpEvent('importTemplates', { claims: admin, body: { templates: items } }),
        createLambdaContext('little-futures-admin', { timeoutMs }),
      );
      expect(Date.now() - started).toBeLessThan(timeoutMs - 2_000);
      expect(result.statusCode).toBe(200);
      const body = JSON.parse(result.body as string);

      // Every item is either imported or named as not imported, in item order.
      expect(body.imported).toBeGreaterThan(0);
      expect(body.notImported.length).toBeGreaterThan(0);
      expect(body.imported + body.notImported.length).toBe(items.length);
      const importedNames = body.templates.map((t: { sceneName: string }) => t.sceneName);
      expect(importedNames).toEqual(items.slice(0, body.imported).map((i) => i.name));
      expect(body.notImported[0]).toEqual({
        index: body.imported,
        name: `Slow ${body.imported}`,
        reason: 'timed_out',
      });

      // Each imported template whole (item and five files); nothing at all of the others.
      const after = await stored();
      expect(after.items - before.items).toBe(body.imported);
      expect(after.files - before.files).toBe(body.imported * 5);
      for (const { templateId } of body.templates) {
        expect(
          await deps.blobs.head('renders', storageKeys.template(templateId, 'native.jpg')),
        ).not.toBeNull();
      }
    } finally {
      lambdaDeps.admin.imageFetcher = guard;
      slow.closeAllConnections();
      slow.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
