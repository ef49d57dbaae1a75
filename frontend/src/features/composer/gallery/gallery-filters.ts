/**
 * The composer gallery's filters (search, category, orientation), applied on the client and kept in
 * the URL so a filtered view can be shared and survives a reload. The photo the parent just
 * uploaded (uploadId / tempUploadId) rides along in the same URL.
 */
import type { TemplateView } from '@shared/schemas/moments';
import {
  ORIENTATIONS,
  type Orientation,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
} from '@shared/templates';

export type GalleryFilters = {
  search: string;
  category: TemplateCategory | null;
  orientation: Orientation | null;
};

export const NO_FILTERS: GalleryFilters = { search: '', category: null, orientation: null };

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

export function filtersFromParams(params: URLSearchParams): GalleryFilters {
  const category = params.get('category');
  const orientation = params.get('orientation');
  return {
    search: params.get('q') ?? '',
    category: isOneOf(TEMPLATE_CATEGORIES, category) ? category : null,
    orientation: isOneOf(ORIENTATIONS, orientation) ? orientation : null,
  };
}

/** The same URL with these filters; other parameters (the upload) are kept, empty filters dropped. */
export function paramsWithFilters(params: URLSearchParams, filters: GalleryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  set('q', filters.search);
  set('category', filters.category);
  set('orientation', filters.orientation);
  return next;
}

export const hasFilters = (f: GalleryFilters) => Boolean(f.search.trim() || f.category || f.orientation);

/** Every word of the search must appear in the scene name or the category (any case, any accents). */
export function filterTemplates(templates: readonly TemplateView[], filters: GalleryFilters): TemplateView[] {
  const words = fold(filters.search).split(/\s+/).filter(Boolean);
  return templates.filter(
    (t) =>
      (!filters.category || t.category === filters.category) &&
      (!filters.orientation || t.orientation === filters.orientation) &&
      (words.length === 0 || matchesAll(searchTextOf(t), words)),
  );
}

/** The same templates in the same order (a new search that matches what the last one did). */
export const sameTemplates = (a: readonly TemplateView[], b: readonly TemplateView[]) =>
  a.length === b.length && a.every((template, i) => template === b[i]);

/** Folded once per template: a keystroke only compares strings. */
const searchTexts = new WeakMap<TemplateView, string>();
function searchTextOf(t: TemplateView): string {
  let text = searchTexts.get(t);
  if (text === undefined) {
    text = fold(`${t.sceneName} ${t.category}`);
    searchTexts.set(t, text);
  }
  return text;
}

const matchesAll = (text: string, words: string[]) => words.every((word) => text.includes(word));
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Where a chosen template leads: the composer, with the photo from /upload when there is one.
 * The photo's part is worked out once per render, not once per card.
 */
export function composerLinkFor(params: URLSearchParams): (templateId: string) => string {
  const photo = new URLSearchParams();
  for (const name of ['uploadId', 'tempUploadId']) {
    const value = params.get(name);
    if (value) photo.set(name, value);
  }
  const suffix = photo.size ? `&${photo}` : '';
  return (templateId) => `/offspring-composer?templateId=${encodeURIComponent(templateId)}${suffix}`;
}
