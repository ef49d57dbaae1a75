import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from './return-path';

describe('isSafeReturnPath', () => {
  it('accepts paths of the site', () => {
    for (const path of ['/', '/result/abc?temp=true', '/moments/editor/1#top', '/a//b']) {
      expect(isSafeReturnPath(path), path).toBe(true);
    }
  });

  it('refuses what a browser would take to another origin', () => {
    for (const path of [
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\evil.example',
      '/\u0000/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      ' /x',
    ]) {
      expect(isSafeReturnPath(path), JSON.stringify(path)).toBe(false);
    }
    expect(isSafeReturnPath(undefined)).toBe(false);
  });

  it('never accepts a string that resolves to another origin (property)', () => {
    const origin = 'https://site.example';
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (tail) => {
        const path = `/${tail}`;
        if (!isSafeReturnPath(path)) return;
        // As a browser would read it (it strips tabs and newlines itself).
        expect(new URL(path, origin).origin).toBe(origin);
        expect(new URL(path.replace(/[\t\n\r]/g, ''), origin).origin).toBe(origin);
      }),
      { numRuns: 2000 },
    );
  });
});
