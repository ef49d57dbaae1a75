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
      '/\\\\evil.example',
      '/\t/evil.com',
      '/\\evil.com',
      '/\\\\evil.com',
      '/\t\\evil.com',
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

  it('refuses control characters anywhere in the path (C0, DEL, C1)', () => {
    for (const control of [
      '\u0000',
      '\u0001',
      '\u0009',
      '\u000b',
      '\u001b',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u0085',
      '\u009b',
      '\u009f',
    ]) {
      for (const path of [`/${control}/evil.com`, `/result/x${control}`, `/a?next=${control}`]) {
        expect(isSafeReturnPath(path), JSON.stringify(path)).toBe(false);
      }
    }
  });

  it('keeps percent-encoded tabs and slashes as plain path text (the browser does not decode them)', () => {
    for (const path of ['/%09/evil.com', '/%2F%2Fevil.com', '/%5Cevil.com']) {
      expect(isSafeReturnPath(path), path).toBe(true);
      expect(new URL(path, 'https://site.example').origin).toBe('https://site.example');
    }
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
