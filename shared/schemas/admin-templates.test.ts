import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { MAX_IMPORT_ITEMS, validateImport } from './admin-templates';

const item = (over: Record<string, unknown> = {}) => ({
  templateId: 'birthday-01',
  name: 'Balloon Party',
  category: 'Birthdays',
  orientation: '1:1',
  nativeSize: { width: 2048, height: 2048 },
  imageUrl: 'https://images.example.com/balloons.jpg',
  safeArea: { xPct: 0.25, yPct: 0.3, wPct: 0.5, hPct: 0.6, anchor: 'bottom' },
  ...over,
});

describe('validateImport', () => {
  it('accepts the import item shape, with anchor defaulting to center and the rest optional', () => {
    const { templateId: _t, nativeSize: _n, ...minimal } = item();
    const result = validateImport([item(), { ...minimal, safeArea: { xPct: 0, yPct: 0, wPct: 1, hPct: 1 } }]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.items[1].safeArea.anchor).toBe('center');
  });

  it('refuses an object instead of an array, an empty array and more than the batch limit', () => {
    expect(validateImport({ templates: [item()] })).toEqual({ ok: false, reason: 'not_an_array' });
    expect(validateImport([])).toEqual({ ok: false, reason: 'empty' });
    const thousand = Array.from({ length: 1000 }, (_, i) => item({ templateId: `t${i}` }));
    expect(validateImport(thousand)).toEqual({ ok: false, reason: 'too_many' });
    expect(validateImport(thousand.slice(0, MAX_IMPORT_ITEMS)).ok).toBe(true);
    expect(messages.importTooMany).toContain(String(MAX_IMPORT_ITEMS));
  });

  it('lists every problem by item index and field', () => {
    const { name: _name, ...nameless } = item();
    const result = validateImport([
      item(),
      nameless,
      item({ templateId: 'b', safeArea: { xPct: -0.1, yPct: 0.2, wPct: 1.5, hPct: 0.5 } }),
      item({ templateId: 'c', imageUrl: 'http://images.example.com/a.jpg', category: 'Cats' }),
      item({ templateId: 'd', safeArea: { xPct: 0.6, yPct: 0.2, wPct: 0.5, hPct: 0.05 } }),
      'not an object',
    ]);
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== 'invalid_items') return;
    const where = result.issues.map((i) => `${i.index}:${i.field}`);
    expect(where).toEqual([
      '1:name',
      '2:safeArea.xPct',
      '2:safeArea.wPct',
      '3:category',
      '3:imageUrl',
      '4:safeArea.hPct',
      '4:safeArea.wPct',
      '5:(item)',
    ]);
    expect(result.issues.find((i) => i.index === 1)?.message).toBe('name is required');
    expect(result.issues.find((i) => i.field === 'imageUrl')?.message).toMatch(/https:\/\//);
  });

  it('refuses a templateId used twice, naming the first', () => {
    const result = validateImport([item(), item()]);
    expect(result).toMatchObject({
      ok: false,
      issues: [{ index: 1, field: 'templateId', message: 'templateId repeats item 0' }],
    });
  });

  it('takes data:image URLs and refuses other schemes', () => {
    const ok = validateImport([item({ imageUrl: 'data:image/png;base64,iVBORw0KGgo=' })]);
    expect(ok.ok).toBe(true);
    for (const imageUrl of ['ftp://x/y.png', 'data:text/html;base64,PGI+', 'file:///etc/passwd', 42]) {
      expect(validateImport([item({ imageUrl })]).ok).toBe(false);
    }
  });
});
