import type { TemplateView } from '@shared/schemas/moments';
import { describe, expect, it } from 'vitest';
import {
  composerLinkFor,
  filtersFromParams,
  filterTemplates,
  hasFilters,
  NO_FILTERS,
  paramsWithFilters,
  sameTemplates,
} from './gallery-filters';

const template = (over: Partial<TemplateView>): TemplateView => ({
  templateId: crypto.randomUUID(),
  sceneName: 'Party Balloons',
  theme: 'birthday',
  category: 'Birthdays',
  orientation: '1:1',
  nativeWidth: 2048,
  nativeHeight: 2048,
  safeArea: { x: 0.25, y: 0.25, width: 0.5, height: 0.5, anchor: 'center' },
  status: 'approved',
  displayOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  imageUrl: 'https://cdn/wm.jpg',
  thumbUrl: 'https://cdn/thumb.webp',
  ...over,
});

const balloons = template({ sceneName: 'Party Balloons' });
const cake = template({ sceneName: 'Birthday Cake', orientation: '4:5' });
const castle = template({ sceneName: 'Dragon Castle', category: 'Fantasy', orientation: '9:16' });
const cafe = template({ sceneName: 'Café Morning', category: 'Family', orientation: '4:5' });
const all = [balloons, cake, castle, cafe];

describe('composer gallery filters', () => {
  it('reads filters from the URL and ignores values that are not categories or orientations', () => {
    const params = new URLSearchParams('q=cake&category=Birthdays&orientation=4%3A5&uploadId=u1');
    expect(filtersFromParams(params)).toEqual({ search: 'cake', category: 'Birthdays', orientation: '4:5' });
    expect(filtersFromParams(new URLSearchParams('category=Pets&orientation=3:2'))).toEqual(NO_FILTERS);
  });

  it('writes filters into the URL, keeps the upload and drops empty filters', () => {
    const params = new URLSearchParams('tempUploadId=t1&q=old');
    const next = paramsWithFilters(params, { search: '', category: 'Fantasy', orientation: '9:16' });
    expect(next.toString()).toBe('tempUploadId=t1&category=Fantasy&orientation=9%3A16');
    expect(filtersFromParams(next)).toEqual({ search: '', category: 'Fantasy', orientation: '9:16' });
    expect(hasFilters(filtersFromParams(next))).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('combines search, category and orientation', () => {
    expect(filterTemplates(all, NO_FILTERS)).toEqual(all);
    expect(filterTemplates(all, { ...NO_FILTERS, category: 'Birthdays' })).toEqual([balloons, cake]);
    expect(filterTemplates(all, { ...NO_FILTERS, category: 'Birthdays', orientation: '4:5' })).toEqual([
      cake,
    ]);
    expect(filterTemplates(all, { ...NO_FILTERS, search: 'castle' })).toEqual([castle]);
    // Every word must match, in the name or the category, in any case and without accents.
    expect(filterTemplates(all, { ...NO_FILTERS, search: '  BIRTHDAYS cake ' })).toEqual([cake]);
    expect(filterTemplates(all, { ...NO_FILTERS, search: 'cafe' })).toEqual([cafe]);
    expect(filterTemplates(all, { ...NO_FILTERS, search: 'unicorn' })).toEqual([]);
  });

  it('tells a search that matches the same templates as the last one (the grid need not change)', () => {
    const castl = filterTemplates(all, { ...NO_FILTERS, search: 'castl' });
    expect(sameTemplates(filterTemplates(all, { ...NO_FILTERS, search: 'castle' }), castl)).toBe(true);
    expect(sameTemplates(filterTemplates(all, { ...NO_FILTERS, search: 'ca' }), castl)).toBe(false);
    expect(sameTemplates([cake, cafe], [cafe, cake])).toBe(false);
  });

  it('leads to the composer with the template and the photo from /upload', () => {
    expect(composerLinkFor(new URLSearchParams('uploadId=u-1&q=cake'))('t-1')).toBe(
      '/offspring-composer?templateId=t-1&uploadId=u-1',
    );
    expect(composerLinkFor(new URLSearchParams('tempUploadId=v-1'))('t-2')).toBe(
      '/offspring-composer?templateId=t-2&tempUploadId=v-1',
    );
    expect(composerLinkFor(new URLSearchParams())('t-3')).toBe('/offspring-composer?templateId=t-3');
  });
});
