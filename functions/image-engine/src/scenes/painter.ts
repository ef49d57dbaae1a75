/**
 * Drawing primitives of the illustrated scenes, in units of the canvas (u = 1 % of its shorter side)
 * so one scene draws at any size and orientation. Pure over the 2D canvas API (@napi-rs/canvas).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';

export type Ctx = SKRSContext2D;
/** Skia's own gradient and blend-mode types: Lambda code has no DOM to take them from. */
type Gradient = ReturnType<Ctx['createLinearGradient']>;
type BlendMode = Ctx['globalCompositeOperation'];
export type Box = { x: number; y: number; w: number; h: number };

/** A seeded random source (mulberry32): the same slug always draws the same scene. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let state = (h ^ (h >>> 16)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export class Painter {
  readonly u: number;
  constructor(
    readonly ctx: Ctx,
    readonly w: number,
    readonly h: number,
    readonly random: () => number,
  ) {
    this.u = Math.min(w, h) / 100;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.random();
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  /** A vertical gradient from y0 to y1 (the whole canvas by default). */
  gradient(stops: readonly string[], y0 = 0, y1 = this.h): void {
    const g = this.ctx.createLinearGradient(0, y0, 0, y1);
    for (const [i, colour] of stops.entries()) g.addColorStop(i / Math.max(1, stops.length - 1), colour);
    this.ctx.fillStyle = g;
    this.ctx.fillRect(0, y0, this.w, y1 - y0);
  }

  circle(x: number, y: number, r: number, fill: string): void {
    this.ctx.fillStyle = fill;
    this.ctx.beginPath();
    this.ctx.arc(x, y, r, 0, Math.PI * 2);
    this.ctx.fill();
  }

  /** A soft round light: colour at the centre fading to nothing at r. */
  glow(x: number, y: number, r: number, colour: string, mode: BlendMode = 'source-over'): void {
    const { ctx } = this;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, colour);
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.save();
    ctx.globalCompositeOperation = mode;
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, r * 2, r * 2);
    ctx.restore();
  }

  /** A filled path through points, closed down to the bottom of the canvas. */
  silhouette(points: ReadonlyArray<readonly [number, number]>, fill: string | Gradient): void {
    const { ctx } = this;
    ctx.fillStyle = fill;
    ctx.beginPath();
    ctx.moveTo(0, this.h);
    for (const [x, y] of points) ctx.lineTo(x, y);
    ctx.lineTo(this.w, this.h);
    ctx.closePath();
    ctx.fill();
  }

  roundRect(x: number, y: number, w: number, h: number, r: number, fill: string): void {
    const { ctx } = this;
    ctx.fillStyle = fill;
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
    ctx.fill();
  }

  line(points: ReadonlyArray<readonly [number, number]>, stroke: string, width: number): void {
    const { ctx } = this;
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    for (const [x, y] of points) ctx.lineTo(x, y);
    ctx.stroke();
  }

  /** A five-pointed star. */
  star(x: number, y: number, r: number, fill: string, rotation = 0): void {
    const { ctx } = this;
    ctx.fillStyle = fill;
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
      const radius = i % 2 ? r * 0.45 : r;
      const a = rotation - Math.PI / 2 + (i * Math.PI) / 5;
      ctx.lineTo(x + Math.cos(a) * radius, y + Math.sin(a) * radius);
    }
    ctx.closePath();
    ctx.fill();
  }
}

/** Colour helper: HSL strings, so variants can shift a scene's hue. */
export const hsl = (h: number, s: number, l: number, a = 1) =>
  `hsla(${Math.round(((h % 360) + 360) % 360)}, ${Math.round(s)}%, ${Math.round(l)}%, ${a})`;
