import { describe, expect, it } from 'vitest';
import { entryFiles, entryTags, type Manifest, pageHtml } from './prerender';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js', '_app.js'] },
  'src/main-prerendered.tsx': {
    file: 'assets/main-prerendered-2.js',
    isEntry: true,
    imports: ['_app.js', '_page.js'],
  },
  '_react.js': { file: 'assets/react-3.js' },
  '_app.js': { file: 'assets/app-4.js', imports: ['_react.js'] },
  '_page.js': { file: 'assets/PricingPage-5.js', imports: ['_app.js'] },
};

const shell = `<!doctype html>
<html lang="en">
  <head>
    <title>Little Futures</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-6.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('entryFiles and entryTags', () => {
  it('loads the entry and preloads each of its static imports once', () => {
    expect(
      entryTags(entryFiles(manifest, 'src/main-prerendered.tsx'))
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual([
      '<script type="module" crossorigin fetchpriority="low" src="/assets/main-prerendered-2.js"></script>',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-4.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react-3.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/PricingPage-5.js">',
    ]);
  });

  it('refuses a chunk that is not an entry', () => {
    expect(() => entryFiles(manifest, '_app.js')).toThrow('not an entry');
  });
});

describe('pageHtml', () => {
  const tags = entryTags(entryFiles(manifest, 'src/main-prerendered.tsx'));

  it("puts the markup in #root and the page's entry in place of the shell's, keeping the CSS", () => {
    const html = pageHtml(shell, '<main><h1>Pricing</h1></main>', tags);
    expect(html).toContain('<div id="root"><main><h1>Pricing</h1></main></div>');
    expect(html).toContain(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/main-prerendered-2.js"></script>',
    );
    expect(html).not.toContain('index-1.js');
    expect(html.match(/react-3\.js/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-6.css">');
    expect(html.indexOf('main-prerendered-2.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps $ patterns of the markup as they are', () => {
    expect(pageHtml(shell, '<p>$& costs $1</p>', tags)).toContain('<p>$& costs $1</p>');
  });

  it('refuses markup that would need an inline script (the CSP allows none)', () => {
    expect(() => pageHtml(shell, '<p>x</p><script>$RC("B:0")</script>', tags)).toThrow('<script>');
  });

  it('refuses a shell without exactly one empty root', () => {
    expect(() => pageHtml(shell.replace('<div id="root"></div>', ''), '<p>x</p>', tags)).toThrow(
      'exactly one',
    );
  });
});
