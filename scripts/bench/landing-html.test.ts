import { describe, expect, it } from 'vitest';
import { median, pageScripts } from './landing-html';

describe('pageScripts', () => {
  it('lists the scripts and modulepreloads of the page, not its stylesheets', () => {
    const { scripts } = pageScripts(`<head>
      <link rel="stylesheet" href="/assets/index.css">
      <script type="module" crossorigin fetchpriority="low" src="/assets/main.js"></script>
      <link rel="modulepreload" crossorigin href='/assets/react.js'>
      <link rel="icon" href="/favicon.svg">
      <script>inline()</script>
    </head>`);
    expect(scripts).toEqual(['/assets/main.js', '/assets/react.js']);
  });

  it('knows a prerendered root from an empty one', () => {
    expect(pageScripts('<div id="root"><div class="page">Hi</div></div>').prerendered).toBe(true);
    expect(pageScripts('<div id="root"></div>').prerendered).toBe(false);
    expect(pageScripts('<div id="root">\n  </div>').prerendered).toBe(false);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
