/**
 * The illustrations scenes are composed from: a subset of Noto Emoji (Apache-2.0, Google; see
 * art/NOTICE.md), SVG bodies copied from the @iconify-json/noto package by
 * tools/extract-scene-art.ts. Only the subset ships, so a Lambda bundle stays small. Skia keeps an
 * SVG image as vectors: one decoded image per name (and tint) draws crisply at any size.
 */
import type { Image } from '@napi-rs/canvas';
import { canvasModule } from '../napi-canvas';
import subset from './art/noto-subset.json' with { type: 'json' };

export type ArtName = keyof typeof subset.icons;

/**
 * A recolouring: hue turned by `hue` degrees, saturation scaled, for the colours whose hue lies in
 * `only` (degrees; all by default: an autumn tree turns its leaves, not its trunk). Done on the
 * SVG's colours rather than with a canvas filter, which costs a full extra layer per drawing.
 */
export type Tint = { hue: number; saturation?: number; only?: readonly [number, number] };

/** Every icon of the set is drawn on a square viewBox of this many units. */
const VIEWBOX = subset.size;

const images = new Map<string, Image>();

/** The decoded SVG of an illustration, drawn at any size by drawImage. */
export function artImage(name: ArtName, tint?: Tint): Image {
  const key = tint ? `${name}|${tint.hue}|${tint.saturation ?? 1}|${tint.only ?? ''}` : name;
  let image = images.get(key);
  if (!image) {
    const body = tint ? tinted(subset.icons[name], tint) : subset.icons[name];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${VIEWBOX}" height="${VIEWBOX}" viewBox="0 0 ${VIEWBOX} ${VIEWBOX}">${body}</svg>`;
    image = new (canvasModule().Image)();
    image.src = Buffer.from(svg);
    images.set(key, image);
  }
  return image;
}

const COLOUR = /(fill|stroke|stop-color)="#([0-9a-f]{6}|[0-9a-f]{3})"/gi;

function tinted(body: string, tint: Tint): string {
  return body.replace(COLOUR, (_, attribute: string, hex: string) => {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255);
    const [h, s, l] = toHsl(r, g, b);
    const [from, to] = tint.only ?? [0, 360];
    if (h * 360 < from || h * 360 > to) return `${attribute}="#${full}"`;
    const turned = (h + tint.hue / 360 + 1) % 1;
    return `${attribute}="${toHex(turned, Math.min(1, s * (tint.saturation ?? 1)), l)}"`;
  });
}

function toHsl(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function toHex(h: number, s: number, l: number): string {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const k = (t + 1) % 1;
    const v = k < 1 / 6 ? p + (q - p) * 6 * k : k < 1 / 2 ? q : k < 2 / 3 ? p + (q - p) * (2 / 3 - k) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}
