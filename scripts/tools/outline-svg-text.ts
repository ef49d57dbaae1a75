/**
 * Turns the <text> of SVG images into path outlines, so they draw without looking up fonts: the
 * landing page's demo images (frontend/public/demo) painted their text on the main thread, font
 * matching included, right when the page was coming to life (Lighthouse counted it as blocking
 * time), and looked different on every system (Georgia is on few phones).
 *
 *   npx tsx scripts/tools/outline-svg-text.ts [files...]   (default: frontend/public/demo/*.svg)
 *
 * Each <text> (x, y, text-anchor, font-family serif or sans, font-weight, font-style, font-size,
 * letter-spacing, fill) becomes one <path> in DejaVu Serif or Sans, as Debian's fonts-dejavu-core
 * installs them; a comment keeps the words. To change a text, put a <text> back and run this again.
 * Glyph outlines from DejaVu fonts: Bitstream Vera licence (permissive), DejaVu changes public domain.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import opentype from 'opentype.js';

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const repo = path.resolve(import.meta.dirname, '../..');
const fonts = new Map<string, opentype.Font>();

type TextStyle = { serif: boolean; bold: boolean; italic: boolean };

function fontFor({ serif, bold, italic }: TextStyle): opentype.Font {
  const family = serif ? 'DejaVuSerif' : 'DejaVuSans';
  const style = bold && italic ? 'BoldItalic' : bold ? 'Bold' : italic ? 'Italic' : '';
  const file = `${family}${style ? `-${style.replace('Italic', serif ? 'Italic' : 'Oblique')}` : ''}.ttf`;
  let font = fonts.get(file);
  if (!font) {
    const bytes = readFileSync(path.join(FONT_DIR, file));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    fonts.set(file, font);
  }
  return font;
}

const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

/** One <text> element as a <path> of its glyph outlines, laid out as the browser would. */
export function outlineText(attrs: string, text: string): string {
  const size = Number(attr(attrs, 'font-size') ?? 16);
  const spacing = Number(attr(attrs, 'letter-spacing') ?? 0);
  const style: TextStyle = {
    serif:
      /serif/.test(attr(attrs, 'font-family') ?? '') && !/sans-serif/.test(attr(attrs, 'font-family') ?? ''),
    bold: Number(attr(attrs, 'font-weight') ?? 400) >= 600 || attr(attrs, 'font-weight') === 'bold',
    italic: attr(attrs, 'font-style') === 'italic',
  };
  const font = fontFor(style);
  const glyphs = [...text].map((char) => font.charToGlyph(char));
  const scale = size / font.unitsPerEm;
  const kerning = font.position.getKerningTables('latn');
  const advances = glyphs.map((glyph, i) => {
    const next = glyphs[i + 1];
    const kern = !next
      ? 0
      : kerning
        ? font.position.getKerningValue(kerning, glyph.index, next.index)
        : font.getKerningValue(glyph, next);
    return ((glyph.advanceWidth ?? 0) + kern) * scale + spacing;
  });
  const width = advances.reduce((sum, advance) => sum + advance, 0) - spacing;
  const anchor = attr(attrs, 'text-anchor') ?? 'start';
  let x = Number(attr(attrs, 'x') ?? 0) - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const y = Number(attr(attrs, 'y') ?? 0);
  const d = glyphs
    .map((glyph, i) => {
      const outline = glyph.getPath(x, y, size).toPathData({ decimalPlaces: 1, flipY: false });
      x += advances[i];
      return outline;
    })
    .join('');
  const fill = attr(attrs, 'fill');
  return `<!-- "${text}" --><path${fill ? ` fill="${fill}"` : ''} d="${d}"/>`;
}

export function outlineSvg(svg: string): string {
  return svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (_, attrs: string, text: string) =>
    outlineText(attrs, text.replace(/&amp;/g, '&').replace(/&lt;/g, '<')),
  );
}

if (process.argv[1] === import.meta.filename) {
  const demoDir = path.join(repo, 'frontend/public/demo');
  const files = process.argv.slice(2);
  const targets = files.length
    ? files
    : readdirSync(demoDir)
        .filter((f) => f.endsWith('.svg'))
        .map((f) => path.join(demoDir, f));
  for (const file of targets) {
    const before = readFileSync(file, 'utf8');
    const after = outlineSvg(before);
    if (after === before) continue;
    writeFileSync(file, after);
    console.log(
      `outlined the text of ${path.relative(repo, file)} (${before.length} → ${after.length} bytes)`,
    );
  }
}
