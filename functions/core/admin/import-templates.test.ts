import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import { fakePng } from '../../test-support/fakes/template-import';
import { ItemsRejectedError } from '../errors';
import { FETCH_RESERVE_MS, importTemplates } from './import-templates';
import { ImageFetchError } from './template-import-ports';

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const item = (over: Record<string, unknown> = {}) => ({
  name: 'Balloon Party',
  category: 'Birthdays',
  orientation: '4:5',
  imageUrl: dataUrl(fakePng()),
  safeArea: { xPct: 0.2, yPct: 0.3, wPct: 0.5, hPct: 0.6, anchor: 'bottom' },
  ...over,
});

/** `count` templates, each with all its files, and no file of any other. */
function expectOnlyWhole(deps: FakeDeps, count: number) {
  const ids = [...deps.table.templates.keys()];
  expect(ids).toHaveLength(count);
  const files = ['native.jpg', 'wm.jpg', 'thumb.webp', 'wm-800.jpg', 'native-2000.jpg'];
  expect(deps.blobs.keys('renders').sort()).toEqual(
    ids.flatMap((id) => files.map((file) => `templates/${id}/${file}`)).sort(),
  );
}

/** Nothing was stored: no template item and no file. */
function expectNothingWritten(deps: FakeDeps) {
  expect(deps.table.templates.size).toBe(0);
  expect(deps.blobs.keys('renders')).toEqual([]);
}

describe('importTemplates', () => {
  it('imports every item with the seeder defaults and the three template files', async () => {
    const deps = fakeDeps();
    deps.imageFetcher.responses.set('https://img.example.com/a.jpg', fakePng('a'));
    const result = await importTemplates(deps, [
      item({ templateId: 'party-1' }),
      item({
        name: 'Castle',
        category: 'Fantasy',
        orientation: '1:1',
        imageUrl: 'https://img.example.com/a.jpg',
      }),
    ]);
    expect(result.imported).toBe(2);
    const [first, second] = result.templates;
    expect(first).toMatchObject({
      sceneName: 'Balloon Party',
      status: 'active',
      displayOrder: 0,
      theme: 'birthday',
    });
    expect(first).toMatchObject({ nativeWidth: 1638, nativeHeight: 2048 });
    expect(second).toMatchObject({ theme: 'fantasy', nativeWidth: 2048, nativeHeight: 2048 });
    const stored = await deps.templates.getTemplate(first.templateId);
    expect(stored).toMatchObject({
      safeArea: { x: 0.2, y: 0.3, width: 0.5, height: 0.6, anchor: 'bottom' },
      placement: { x: 0.45, y: 0.6, width: 0.5, height: 0.6, rotation: 0 },
      imageSource: 'import:party-1',
    });
    for (const file of ['native.jpg', 'wm.jpg', 'thumb.webp', 'wm-800.jpg', 'native-2000.jpg']) {
      expect(deps.blobs.keys('renders')).toContain(`templates/${first.templateId}/${file}`);
    }
    expect(
      deps.blobs.object('renders', `templates/${second.templateId}/native.jpg`)?.body.toString(),
    ).toContain('a');
    // Active: listed in Moments, not yet in the composer gallery (saving in the editor approves).
    expect((await deps.templates.listPublished()).length).toBe(2);
    expect(await deps.templates.listApproved()).toEqual([]);
  });

  it('gives a new id every time: a second import of the same templateId never overwrites the first', async () => {
    const deps = fakeDeps();
    const a = await importTemplates(deps, [item({ templateId: 'same' })]);
    const b = await importTemplates(deps, [item({ templateId: 'same' })]);
    expect(a.templates[0].templateId).not.toBe(b.templates[0].templateId);
    expect(deps.table.templates.size).toBe(2);
  });

  it('refuses an object, an empty array and 1,000 items with a clear message, writing nothing', async () => {
    const deps = fakeDeps();
    const cases = [
      [{ name: 'x' }, 'invalidImportJson'],
      [[], 'importEmpty'],
      [Array.from({ length: 1000 }, () => item()), 'importTooMany'],
    ] as const;
    for (const [raw, messageKey] of cases) {
      await expect(importTemplates(deps, raw)).rejects.toMatchObject({ kind: 'invalid', messageKey });
    }
    expectNothingWritten(deps);
    expect(deps.imageFetcher.fetched).toEqual([]);
  });

  it('lists invalid items by index and field and fetches nothing', async () => {
    const deps = fakeDeps();
    const { name: _n, ...nameless } = item();
    const error = await importTemplates(deps, [
      item({ imageUrl: 'https://img.example.com/ok.jpg' }),
      nameless,
      item({ safeArea: { xPct: 1.2, yPct: 0, wPct: 0.5, hPct: 0.5 } }),
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ItemsRejectedError);
    expect((error as ItemsRejectedError).issues.map((i) => [i.index, i.field])).toEqual([
      [1, 'name'],
      [2, 'safeArea.xPct'],
    ]);
    expect(deps.imageFetcher.fetched).toEqual([]);
    expectNothingWritten(deps);
  });

  it('imports nothing when any image fails, listing each failure at its index', async () => {
    const deps = fakeDeps();
    const urls = ['https://ok.example.com/a.jpg', 'https://meta.example.com/x', 'https://big.example.com/x'];
    deps.imageFetcher.responses.set(urls[0], fakePng());
    deps.imageFetcher.responses.set(
      urls[1],
      new ImageFetchError('blocked_address', 'imageUrl points to a private, local or reserved address'),
    );
    deps.imageFetcher.responses.set(
      urls[2],
      new ImageFetchError('too_large', 'the image is larger than 15 MB'),
    );
    deps.imageFetcher.responses.set('https://page.example.com/', Buffer.from('<!doctype html><p>hello</p>'));
    const error = await importTemplates(deps, [
      ...urls.map((imageUrl) => item({ imageUrl })),
      item({ imageUrl: 'https://page.example.com/' }),
      item({ imageUrl: `data:image/png;base64,${'A'.repeat(21 * 1024 * 1024)}` }),
    ]).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unprocessable', messageKey: 'importImagesRejected' });
    expect((error as ItemsRejectedError).issues).toEqual([
      { index: 1, field: 'imageUrl', message: 'imageUrl points to a private, local or reserved address' },
      { index: 2, field: 'imageUrl', message: 'the image is larger than 15 MB' },
      { index: 3, field: 'imageUrl', message: 'this is not an image (it could not be decoded)' },
      { index: 4, field: 'imageUrl', message: 'the image is larger than 15 MB' },
    ]);
    expect(deps.templateImages.drawn).toBe(0);
    expectNothingWritten(deps);
  });

  it('starts no drawing near the deadline: imports those drawn, names the rest, half-writes nothing', async () => {
    const deps = fakeDeps();
    let left = 20_000;
    // Each drawing "takes" 6 s of the invocation's 20 s.
    const original = deps.templateImages.fromImage;
    deps.templateImages.fromImage = async (...args) => {
      left -= 6_000;
      return original(...args);
    };
    const items = Array.from({ length: 10 }, (_, i) => item({ name: `Scene ${i}` }));
    const result = await importTemplates(deps, items, () => left);
    expect(result.imported).toBe(3);
    expect(result.templates.map((t) => t.sceneName)).toEqual(['Scene 0', 'Scene 1', 'Scene 2']);
    expect(result.notImported).toEqual(
      [3, 4, 5, 6, 7, 8, 9].map((index) => ({ index, name: `Scene ${index}`, reason: 'timed_out' })),
    );
    expectOnlyWhole(deps, 3);
  });

  it('starts no fetch near the deadline: imports what arrived, names the rest as timed out', async () => {
    const deps = fakeDeps();
    let left = 29_000;
    const urls = Array.from({ length: 100 }, (_, i) => `https://slow.example.com/${i}.png`);
    for (const url of urls) deps.imageFetcher.responses.set(url, fakePng(url));
    // Each download "takes" 2 s, eight at a time: a quarter of a second of the invocation's 29 s.
    deps.imageFetcher.beforeAnswer = async () => {
      await Promise.resolve();
      left -= 250;
    };
    const result = await importTemplates(
      deps,
      urls.map((imageUrl, i) => item({ imageUrl, name: `Slow ${i}` })),
      () => left,
    );
    const started = deps.imageFetcher.fetched.length;
    expect(started).toBeGreaterThan(0);
    expect(started).toBeLessThan(100);
    expect(result.imported).toBe(started);
    expect(result.notImported.map((n) => n.index)).toEqual(urls.map((_, i) => i).slice(started));
    expect(result.notImported[0]).toEqual({ index: started, name: `Slow ${started}`, reason: 'timed_out' });
    // None started with less than the reserve left (those under way still end after it).
    expect(left).toBeGreaterThanOrEqual(FETCH_RESERVE_MS - 8 * 250);
    expectOnlyWhole(deps, started);
  });

  it('stops the fetches under way at the deadline, and stores nothing of them', async () => {
    const deps = fakeDeps();
    const deadline = performance.now() + FETCH_RESERVE_MS + 150;
    deps.imageFetcher.responses.set('https://fast.example.com/a.png', fakePng('a'));
    deps.imageFetcher.responses.set('https://hang.example.com/b.png', fakePng('b'));
    // The second host never answers; only the import's deadline ends the wait.
    deps.imageFetcher.beforeAnswer = (url, signal) =>
      url.includes('hang')
        ? new Promise((resolve) => signal?.addEventListener('abort', () => resolve()))
        : Promise.resolve();
    const started = performance.now();
    const result = await importTemplates(
      deps,
      [
        item({ imageUrl: 'https://fast.example.com/a.png' }),
        item({ imageUrl: 'https://hang.example.com/b.png' }),
      ],
      () => deadline - performance.now(),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.imported).toBe(1);
    expect(result.notImported.map((n) => n.index)).toEqual([1]);
    expectOnlyWhole(deps, 1);
  });

  it('still refuses everything when an image is bad, even if time ran out for others', async () => {
    const deps = fakeDeps();
    let left = FETCH_RESERVE_MS + 1_000;
    deps.imageFetcher.beforeAnswer = async () => {
      left -= 2_000;
    };
    const error = await importTemplates(
      deps,
      [
        item({ imageUrl: 'https://missing.example.com/x.png' }),
        item({ imageUrl: 'https://late.example.com/y.png' }),
      ],
      () => left,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unprocessable', issues: [{ index: 0, field: 'imageUrl' }] });
    expectNothingWritten(deps);
  });

  it('removes the files already written when a drawing fails, and writes no item', async () => {
    const deps = fakeDeps();
    deps.templateImages.failAfter = 1;
    await expect(importTemplates(deps, [item(), item()])).rejects.toMatchObject({
      kind: 'unprocessable',
      issues: [{ index: 1, field: 'imageUrl' }],
    });
    expect(deps.templateImages.drawn).toBe(1);
    expectNothingWritten(deps);
  });
});
