import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outlineSvg } from './outline-svg-text';

/** The x range that a path's coordinates span (absolute commands, as opentype.js writes them). */
function xRange(d: string): [number, number] {
  const xs = [...d.matchAll(/[MLQCZ]\s*([-\d.]+)[ ,]([-\d.]+)/g)].map((m) => Number(m[1]));
  return [Math.min(...xs), Math.max(...xs)];
}

describe.skipIf(!existsSync('/usr/share/fonts/truetype/dejavu'))('outlineSvg', () => {
  const svg = `<svg viewBox="0 0 600 750"><rect width="600" height="750"/>
  <text x="300" y="650" text-anchor="middle" font-family="Georgia, serif" font-size="54" font-style="italic" fill="#4c1d95">Hello, little one</text>
  <text x="40" y="700" font-family="system-ui, sans-serif" font-weight="700" font-size="24" fill="#fff">10</text></svg>`;

  it('replaces every <text> with a filled path and keeps the words in a comment', () => {
    const out = outlineSvg(svg);
    expect(out).not.toContain('<text');
    expect(out.match(/<path fill="#4c1d95" d="M/g)).toHaveLength(1);
    expect(out.match(/<path fill="#fff" d="M/g)).toHaveLength(1);
    expect(out).toContain('<!-- "Hello, little one" -->');
    expect(out).toContain('<rect width="600" height="750"/>');
  });

  it('centres middle-anchored text on x and starts start-anchored text at x', () => {
    const [hello, ten] = [...outlineSvg(svg).matchAll(/ d="([^"]+)"/g)].map((m) => xRange(m[1]));
    expect((hello[0] + hello[1]) / 2).toBeCloseTo(300, -1);
    expect(hello[1] - hello[0]).toBeGreaterThan(300);
    expect(ten[0]).toBeGreaterThanOrEqual(40);
    expect(ten[0]).toBeLessThan(45);
  });

  it('leaves an SVG without text as it is', () => {
    expect(outlineSvg('<svg><circle r="4"/></svg>')).toBe('<svg><circle r="4"/></svg>');
  });
});
