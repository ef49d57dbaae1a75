/**
 * The ground the child stands on and the walls of rooms, with their texture: grass blades, floor
 * boards, sand grain and ripples, snow sparkle, moon craters, a mown pitch, patterned wallpaper.
 * Each fills from the horizon down (or the wall from the top to the horizon).
 */
import { hsl } from './painter';
import type { Stage } from './staging';

/** A surface from the horizon to the bottom, lighter far away, with a soft wavy edge. */
function surface(s: Stage, top: string, bottom: string, wave: number): void {
  const { p } = s;
  const g = p.ctx.createLinearGradient(0, s.horizon, 0, p.h);
  g.addColorStop(0, top);
  g.addColorStop(1, bottom);
  const phase = p.random() * 6;
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= 40; i++)
    points.push([(p.w * i) / 40, s.horizon + Math.sin(i / 6 + phase) * wave * p.u]);
  p.silhouette(points, g);
}

export function grass(s: Stage, hue = 100, lightness = 52): void {
  const { p } = s;
  surface(s, hsl(hue, 45, lightness + 10), hsl(hue + 10, 50, lightness - 16), 0.8);
  // Blades: denser and longer towards the viewer.
  const span = p.h - s.horizon;
  for (let i = 0; i < 900; i++) {
    const depth = Math.sqrt(p.random());
    const x = p.random() * p.w;
    const y = s.horizon + depth * span + p.u;
    const len = p.u * (0.5 + depth * 2.2);
    p.line(
      [
        [x, y],
        [x + p.between(-0.4, 0.4) * len, y - len],
      ],
      hsl(hue + p.between(-12, 12), 50, lightness + p.between(-18, 10), 0.7),
      p.u * (0.12 + depth * 0.22),
    );
  }
}

export function sand(s: Stage, hue = 40): void {
  const { p } = s;
  surface(s, hsl(hue, 65, 82), hsl(hue - 5, 55, 64), 0.6);
  const span = p.h - s.horizon;
  for (let i = 0; i < 14; i++) {
    const y = s.horizon + span * ((i + 1) / 15) ** 1.4;
    const x = p.random() * p.w;
    p.ctx.strokeStyle = hsl(hue - 5, 45, 60, 0.35);
    p.ctx.lineWidth = p.u * 0.3;
    p.ctx.beginPath();
    p.ctx.ellipse(x, y, p.u * p.between(10, 24), p.u * 0.8, 0, Math.PI * 1.1, Math.PI * 1.9);
    p.ctx.stroke();
  }
  for (let i = 0; i < 1500; i++)
    p.circle(
      p.random() * p.w,
      s.horizon + p.random() * span,
      p.u * p.between(0.08, 0.22),
      p.random() < 0.5 ? hsl(hue, 40, 92, 0.7) : hsl(hue - 10, 40, 50, 0.35),
    );
}

export function snow(s: Stage): void {
  const { p } = s;
  surface(s, '#f6fbff', '#cfdff0', 1.2);
  for (let i = 0; i < 6; i++)
    p.glow(p.random() * p.w, s.horizon + p.random() * (p.h - s.horizon), p.u * 18, 'rgba(150,180,220,0.22)');
  for (let i = 0; i < 260; i++)
    p.star(
      p.random() * p.w,
      s.horizon + p.random() * (p.h - s.horizon),
      p.u * p.between(0.15, 0.45),
      '#ffffff',
      p.random(),
    );
}

export function moonDust(s: Stage, hue: number): void {
  const { p } = s;
  surface(s, hsl(hue + 230, 12, 70), hsl(hue + 230, 16, 38), 2.5);
  for (let i = 0; i < 16; i++) {
    const y = s.horizon + (p.h - s.horizon) * p.between(0.1, 1);
    const r = p.u * p.between(1.5, 6) * ((y - s.horizon) / (p.h - s.horizon) + 0.3);
    const x = p.random() * p.w;
    p.ctx.fillStyle = hsl(hue + 230, 12, 34, 0.5);
    p.ctx.beginPath();
    p.ctx.ellipse(x, y, r, r * 0.35, 0, 0, Math.PI * 2);
    p.ctx.fill();
    p.ctx.strokeStyle = hsl(hue + 230, 10, 82, 0.5);
    p.ctx.lineWidth = p.u * 0.3;
    p.ctx.beginPath();
    p.ctx.ellipse(x, y + r * 0.05, r, r * 0.35, 0, 0.1, Math.PI - 0.1);
    p.ctx.stroke();
  }
}

/** A mown pitch: stripes that widen towards the viewer, and a white line. */
export function pitch(s: Stage): void {
  const { p } = s;
  const span = p.h - s.horizon;
  for (let i = 0; i < 9; i++) {
    const y0 = s.horizon + span * (i / 9) ** 1.5;
    const y1 = s.horizon + span * ((i + 1) / 9) ** 1.5;
    p.gradient([i % 2 ? '#5fae4a' : '#6cbd55', i % 2 ? '#4f9a3d' : '#5cab48'], y0, y1 + 1);
  }
  p.line(
    [
      [0, s.horizon + span * 0.2],
      [p.w, s.horizon + span * 0.2],
    ],
    'rgba(255,255,255,0.75)',
    p.u * 0.5,
  );
}

/** Floor boards in perspective, their seams running to a point above the middle. */
export function boards(s: Stage, hue = 30, lightness = 55): void {
  const { p } = s;
  p.gradient([hsl(hue, 40, lightness + 8), hsl(hue - 4, 45, lightness - 14)], s.horizon, p.h);
  const vanishX = p.w / 2;
  const vanishY = s.horizon - p.h * 0.5;
  for (let i = -14; i <= 14; i++) {
    const bottomX = vanishX + i * p.u * 9;
    const t = (s.horizon - vanishY) / (p.h - vanishY);
    p.line(
      [
        [vanishX + (bottomX - vanishX) * t, s.horizon],
        [bottomX, p.h],
      ],
      hsl(hue - 8, 40, lightness - 24, 0.45),
      p.u * 0.25,
    );
  }
  for (let i = 1; i < 8; i++) {
    const y = s.horizon + (p.h - s.horizon) * (i / 8) ** 1.3;
    p.line(
      [
        [0, y],
        [p.w, y],
      ],
      hsl(hue - 8, 40, lightness - 20, 0.18),
      p.u * 0.18,
    );
  }
  p.gradient(['rgba(0,0,0,0.22)', 'rgba(0,0,0,0)'], s.horizon, s.horizon + p.u * 4);
}

type Wallpaper = 'stripes' | 'dots' | 'diamonds';

/** A room's wall down to the horizon: a patterned paper and a skirting board. */
export function wall(s: Stage, hue: number, pattern: Wallpaper, lightness = 80): void {
  const { p } = s;
  const { ctx, u } = p;
  p.gradient([hsl(hue, 45, lightness + 4), hsl(hue, 40, lightness - 6)], 0, s.horizon);
  const ink = hsl(hue, 45, lightness - 12, 0.5);
  if (pattern === 'stripes') for (let x = 0; x < p.w; x += u * 8) p.roundRect(x, 0, u * 3, s.horizon, 0, ink);
  else
    for (let y = u * 4, row = 0; y < s.horizon - u * 2; y += u * 7, row++)
      for (let x = (row % 2) * u * 4; x < p.w; x += u * 8)
        if (pattern === 'dots') p.circle(x, y, u * 0.9, ink);
        else p.star(x, y, u * 1.2, ink, Math.PI / 4);
  ctx.fillStyle = hsl(hue, 25, 94);
  ctx.fillRect(0, s.horizon - u * 3.5, p.w, u * 3.5);
  ctx.fillStyle = hsl(hue, 20, 78);
  ctx.fillRect(0, s.horizon - u * 0.6, p.w, u * 0.6);
}

/** A window in a wall, its panes showing a sky (drawn by `view`, clipped to the glass). */
export function windowFrame(s: Stage, x: number, y: number, w: number, h: number, view: () => void): void {
  const { p } = s;
  const { ctx, u } = p;
  p.roundRect(x - u * 1.2, y - u * 1.2, w + u * 2.4, h + u * 2.4, u, '#fbf7ef');
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  view();
  ctx.restore();
  p.roundRect(x + w / 2 - u * 0.5, y, u, h, 0, '#fbf7ef');
  p.roundRect(x, y + h / 2 - u * 0.5, w, u, 0, '#fbf7ef');
  p.roundRect(x - u * 2, y + h + u * 0.6, w + u * 4, u * 1.6, u * 0.5, '#efe6d6');
}
