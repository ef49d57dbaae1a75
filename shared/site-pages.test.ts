import { describe, expect, it } from 'vitest';
import { APP_SHELL_FILE, htmlFileFor, PRERENDERED_PAGES } from './site-pages';

describe('htmlFileFor', () => {
  it('gives each prerendered page its own file, with or without a trailing slash', () => {
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/pricing')).toBe('pricing/index.html');
    expect(htmlFileFor('/upload/')).toBe('upload/index.html');
  });

  it('gives every other path the app shell', () => {
    expect(htmlFileFor('/result/3f1c1f7e-8f7a-4c2e-9a51-2b1f0f4e9d11')).toBe(APP_SHELL_FILE);
    expect(htmlFileFor('/pricing/more')).toBe(APP_SHELL_FILE);
    expect(htmlFileFor('/constructor')).toBe(APP_SHELL_FILE);
  });

  it('never names the app shell as a page file', () => {
    expect(Object.values(PRERENDERED_PAGES)).not.toContain(APP_SHELL_FILE);
  });
});
