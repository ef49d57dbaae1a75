/**
 * The template editor's and seeder's routes through the real admin handler on the emulators:
 * an import with real images into S3 and the table, a save that approves, and the bad inputs of
 * issue 11 — each a clear 4xx with nothing half-written.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { storageKeys } from '@shared/deployment';
import { messages } from '@shared/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, newParent } from '../test-support/cognito';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps } = createTestApp();
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
      safeArea: { x: 0.9, width: 0.1 },
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
});
