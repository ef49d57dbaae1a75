import { APP_SHELL_FILE, PRERENDERED_PAGES } from '@shared/site-pages';
import { describe, expect, it } from 'vitest';
import { isNetworkOnly, pageFileFor } from './navigation';

describe('pageFileFor: the precached HTML the service worker answers a navigation with', () => {
  it('gives each prerendered page its own file, as CloudFront does', () => {
    for (const [page, file] of Object.entries(PRERENDERED_PAGES)) {
      expect(pageFileFor(page)).toBe(`/${file}`);
    }
    expect(pageFileFor('/pricing/')).toBe(`/${PRERENDERED_PAGES['/pricing']}`);
  });

  it('gives client-side routes (galleries, results, the editor) the app shell', () => {
    for (const route of ['/moments', '/offspring-gallery', '/result/3f1c1f7e', '/moments/editor/t-1']) {
      expect(pageFileFor(route)).toBe(`/${APP_SHELL_FILE}`);
    }
  });

  it('answers nothing from the precache for the API, the public renders, the share target or files', () => {
    for (const path of [
      '/api',
      '/api/uploads/123',
      '/previews/abc/age-10.webp',
      '/templates/t-1/wm.jpg',
      '/share-target',
      '/favicon.svg',
      '/assets/app-abc.js',
    ]) {
      expect(pageFileFor(path), path).toBeNull();
    }
  });
});

describe('isNetworkOnly', () => {
  it("names every path whose response is a parent's or a child's", () => {
    expect(isNetworkOnly('/api/me')).toBe(true);
    expect(isNetworkOnly('/previews/x/y.jpg')).toBe(true);
    expect(isNetworkOnly('/templates/t/thumb.webp')).toBe(true);
    expect(isNetworkOnly('/share-target')).toBe(true);
  });

  it('leaves pages alone, even ones whose name starts like the API', () => {
    expect(isNetworkOnly('/apiary')).toBe(false);
    expect(isNetworkOnly('/moments')).toBe(false);
    expect(isNetworkOnly('/templates')).toBe(false);
  });
});
