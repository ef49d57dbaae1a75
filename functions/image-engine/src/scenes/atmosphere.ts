/**
 * Depth and light: skies, the far layers (hills, peaks, a skyline, the sea), the haze that pales
 * what is far (atmospheric perspective), the light falling from one side, the vignette and the paper
 * grain laid over the finished picture.
 */
import type { Image } from '@napi-rs/canvas';
import { canvasModule } from '../napi-canvas';
import { type Painter, seededRandom } from './painter';
import type { Stage } from './staging';

/**
 * A ridge line across the canvas: gentle hills (roughness 0) to jagged peaks (1), from octaves of
 * seeded noise, lit from above (a pale wash on the tops: snow on peaks, sun on hills). Taller in a
 * tall picture, whose sky would otherwise stand empty.
 */
export function ridge(s: Stage, baseY: number, size: number, fill: string, roughness = 0): void {
  const { p } = s;
  const height = size * (p.h / p.w) ** 0.8;
  const octaves = [3, 7, 16, 34].map((knots, k) => ({
    values: Array.from({ length: knots + 1 }, () => p.random() * 2 - 1),
    weight: k === 0 ? 1 : roughness * 0.55 ** k,
  }));
  const noise = (t: number) =>
    octaves.reduce((sum, { values, weight }) => {
      const at = t * (values.length - 1);
      const k = Math.min(values.length - 2, Math.floor(at));
      // Linear between knots makes peaks; eased makes rolling hills.
      const f = roughness > 0.5 ? at - k : (1 - Math.cos((at - k) * Math.PI)) / 2;
      return sum + weight * (values[k] + (values[k + 1] - values[k]) * f);
    }, 0);
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= 96; i++) points.push([(p.w * i) / 96, baseY - height * (0.5 + 0.5 * noise(i / 96))]);
  p.silhouette(points, fill);
  const top = baseY - height * 1.2;
  const wash = p.ctx.createLinearGradient(0, top, 0, baseY);
  wash.addColorStop(0, `rgba(255,255,255,${0.15 + roughness * 0.35})`);
  wash.addColorStop(0.5, 'rgba(255,255,255,0)');
  p.silhouette(points, wash);
}

/** A row of buildings with lit windows, far behind a park or a stadium. */
export function skyline(s: Stage, baseY: number, fill: string, windows: string): void {
  const { p, u } = { p: s.p, u: s.p.u };
  let x = -p.between(0, 6) * u;
  while (x < p.w) {
    const bw = p.between(7, 15) * u;
    const bh = p.between(10, 28) * u;
    p.roundRect(x, baseY - bh, bw - u * 0.6, bh + u, u * 0.4, fill);
    for (let wy = baseY - bh + u * 1.5; wy < baseY - u * 2; wy += u * 2.6)
      for (let wx = x + u * 1.2; wx < x + bw - u * 2; wx += u * 2.4)
        if (p.random() < 0.45) p.roundRect(wx, wy, u * 1.1, u * 1.4, u * 0.2, windows);
    x += bw;
  }
}

/** Pales everything drawn so far towards the sky's colour ("r,g,b"), most at the horizon. */
export function haze(s: Stage, rgb: string, strength: number, top = 0, bottom = s.horizon): void {
  const { ctx, w } = s.p;
  const g = ctx.createLinearGradient(0, top, 0, bottom);
  g.addColorStop(0, `rgba(${rgb},0)`);
  g.addColorStop(1, `rgba(${rgb},${strength})`);
  ctx.fillStyle = g;
  ctx.fillRect(0, top, w, bottom - top);
}

/** The sun, moon or lamp of a scene: a disc with a wide halo. */
export function lightSource(p: Painter, x: number, y: number, r: number, disc: string, halo: string): void {
  p.glow(x, y, r * 7, halo);
  p.glow(x, y, r * 2.2, halo);
  p.circle(x, y, r, disc);
}

/**
 * The finish: light falling from (x, y) over the whole scene (warm where it lands, cool in the far
 * corner), a vignette that frames the middle, and a fine paper grain.
 */
export function finish(s: Stage, light: { x: number; y: number; colour: string }, vignette = 0.3): void {
  const { p } = s;
  const { ctx, w, h } = p;
  p.glow(light.x, light.y, Math.hypot(w, h) * 0.75, light.colour, 'soft-light');
  const shade = ctx.createLinearGradient(light.x, light.y, w - light.x, h);
  shade.addColorStop(0, 'rgba(0,0,40,0)');
  shade.addColorStop(1, 'rgba(0,0,40,0.14)');
  ctx.fillStyle = shade;
  ctx.fillRect(0, 0, w, h);
  const v = ctx.createRadialGradient(
    w / 2,
    h * 0.55,
    Math.min(w, h) * 0.4,
    w / 2,
    h * 0.55,
    Math.hypot(w, h) * 0.62,
  );
  v.addColorStop(0, 'rgba(10,5,20,0)');
  v.addColorStop(1, `rgba(10,5,20,${vignette})`);
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, w, h);
  ctx.save();
  ctx.globalCompositeOperation = 'overlay';
  ctx.globalAlpha = 0.5;
  // Tile by tile: the same pixels as a repeating pattern's fill, which Skia blends several times slower
  // (a 2048² scene: ~50 ms against ~2).
  const tile = grainTile();
  for (let y = 0; y < h; y += GRAIN_TILE) for (let x = 0; x < w; x += GRAIN_TILE) ctx.drawImage(tile, x, y);
  ctx.restore();
}

const GRAIN_TILE = 256;

let grain: Image | undefined;
/** A tile of soft grey noise (made once): the paper grain. */
function grainTile(): Image {
  if (grain) return grain;
  const size = GRAIN_TILE;
  const canvas = canvasModule().createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const pixels = ctx.createImageData(size, size);
  const random = seededRandom('paper grain');
  for (let i = 0; i < pixels.data.length; i += 4) {
    const v = 128 + (random() + random() - 1) * 34;
    pixels.data.set([v, v, v, 255], i);
  }
  ctx.putImageData(pixels, 0, 0);
  grain = new (canvasModule().Image)();
  grain.src = canvas.toBuffer('image/png');
  return grain;
}
