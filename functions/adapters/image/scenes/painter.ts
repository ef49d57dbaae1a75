/**
 * Drawing primitives of the illustrated scenes: flat, friendly shapes with soft gradients, in
 * units of the canvas (u = 1 % of its shorter side) so one scene draws at any size and orientation.
 * Pure over the 2D canvas API (@napi-rs/canvas on the server).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';

export type Ctx = SKRSContext2D;

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

  /** A vertical gradient over the whole canvas, or from y0 to y1. */
  sky(stops: readonly string[], y0 = 0, y1 = this.h): void {
    const g = this.ctx.createLinearGradient(0, y0, 0, y1);
    for (const [i, colour] of stops.entries()) g.addColorStop(i / Math.max(1, stops.length - 1), colour);
    this.ctx.fillStyle = g;
    this.ctx.fillRect(0, y0, this.w, y1 - y0);
  }

  /** Ground from y to the bottom, with a gentle wave on its top edge. */
  ground(y: number, top: string, bottom: string, wave = 1.5): void {
    const { ctx, w, h, u } = this;
    const g = ctx.createLinearGradient(0, y, 0, h);
    g.addColorStop(0, top);
    g.addColorStop(1, bottom);
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(0, h);
    const phase = this.random() * Math.PI * 2;
    for (let x = 0; x <= w; x += w / 40) ctx.lineTo(x, y + Math.sin(x / (w / 3) + phase) * wave * u);
    ctx.lineTo(w, h);
    ctx.closePath();
    ctx.fill();
  }

  /** A rolling hill: a wide ellipse whose top shows above the horizon. */
  hill(cx: number, top: number, width: number, colour: string): void {
    this.ctx.fillStyle = colour;
    this.ctx.beginPath();
    this.ctx.ellipse(cx, top + width / 3, width / 2, width / 3, 0, Math.PI, 0);
    this.ctx.lineTo(cx + width / 2, this.h);
    this.ctx.lineTo(cx - width / 2, this.h);
    this.ctx.closePath();
    this.ctx.fill();
  }

  circle(x: number, y: number, r: number, fill: string): void {
    this.ctx.fillStyle = fill;
    this.ctx.beginPath();
    this.ctx.arc(x, y, r, 0, Math.PI * 2);
    this.ctx.fill();
  }

  /** A glowing disc (sun, moon, lamp): the disc and a soft halo around it. */
  glow(x: number, y: number, r: number, colour: string, halo: string): void {
    const g = this.ctx.createRadialGradient(x, y, r * 0.6, x, y, r * 2.6);
    g.addColorStop(0, halo);
    g.addColorStop(1, 'rgba(255,255,255,0)');
    this.ctx.fillStyle = g;
    this.ctx.fillRect(x - r * 3, y - r * 3, r * 6, r * 6);
    this.circle(x, y, r, colour);
  }

  cloud(x: number, y: number, size: number, colour = 'rgba(255,255,255,0.92)'): void {
    const { ctx } = this;
    ctx.fillStyle = colour;
    ctx.beginPath();
    for (const [dx, dy, r] of [
      [0, 0, 1],
      [1.1, 0.2, 0.8],
      [-1.1, 0.25, 0.75],
      [0.5, -0.45, 0.75],
      [-0.5, -0.3, 0.65],
    ]) {
      ctx.moveTo(x + dx * size + r * size, y + dy * size);
      ctx.arc(x + dx * size, y + dy * size, r * size, 0, Math.PI * 2);
    }
    ctx.fill();
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

  /** Scattered small things (stars, snow, confetti) kept out of an empty box (the child's area). */
  scatter(count: number, area: Box, keepClear: Box | null, draw: (x: number, y: number) => void): void {
    for (let i = 0; i < count; i++) {
      const x = area.x + this.random() * area.w;
      const y = area.y + this.random() * area.h;
      if (keepClear && inside(x, y, keepClear)) continue;
      draw(x, y);
    }
  }

  polygon(points: ReadonlyArray<readonly [number, number]>, fill: string): void {
    const { ctx } = this;
    ctx.fillStyle = fill;
    ctx.beginPath();
    for (const [x, y] of points) ctx.lineTo(x, y);
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

  /** A soft vignette that frames the scene and lifts the middle where the child stands. */
  vignette(strength = 0.28): void {
    const { ctx, w, h } = this;
    const g = ctx.createRadialGradient(
      w / 2,
      h / 2,
      Math.min(w, h) * 0.35,
      w / 2,
      h / 2,
      Math.hypot(w, h) / 1.6,
    );
    g.addColorStop(0, 'rgba(0,0,0,0)');
    g.addColorStop(1, `rgba(0,0,0,${strength})`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  }
}

export type Box = { x: number; y: number; w: number; h: number };
const inside = (x: number, y: number, b: Box) => x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h;

/** Colour helpers: HSL strings, so variants can shift a scene's hue. */
export const hsl = (h: number, s: number, l: number, a = 1) =>
  a === 1
    ? `hsl(${Math.round(h)}, ${Math.round(s)}%, ${Math.round(l)}%)`
    : `hsla(${Math.round(h)}, ${Math.round(s)}%, ${Math.round(l)}%, ${a})`;
