/** More scene things: farm animals, the sea, sport, school, home, mountains and space. */
import { hsl, type Painter } from './painter';

export function sheep(p: Painter, x: number, base: number, size: number): void {
  for (const dx of [-0.3, 0.3])
    p.roundRect(
      x + dx * size - size * 0.05,
      base - size * 0.35,
      size * 0.1,
      size * 0.35,
      size * 0.04,
      '#3a3a3a',
    );
  for (let i = 0; i < 7; i++) {
    p.circle(x + p.between(-0.35, 0.35) * size, base - size * p.between(0.45, 0.7), size * 0.25, '#fafafa');
  }
  p.circle(x + size * 0.5, base - size * 0.65, size * 0.18, '#3a3a3a');
  p.circle(x + size * 0.55, base - size * 0.69, size * 0.03, '#fff');
}

export function cow(p: Painter, x: number, base: number, size: number): void {
  for (const dx of [-0.35, -0.15, 0.2, 0.4])
    p.roundRect(
      x + dx * size - size * 0.05,
      base - size * 0.35,
      size * 0.1,
      size * 0.35,
      size * 0.03,
      '#f4efe6',
    );
  p.roundRect(x - size * 0.5, base - size * 0.75, size, size * 0.45, size * 0.15, '#f4efe6');
  p.circle(x - size * 0.15, base - size * 0.6, size * 0.12, '#3b3330');
  p.circle(x + size * 0.25, base - size * 0.5, size * 0.09, '#3b3330');
  p.roundRect(x + size * 0.42, base - size * 0.92, size * 0.3, size * 0.32, size * 0.12, '#f4efe6');
  p.roundRect(x + size * 0.5, base - size * 0.72, size * 0.24, size * 0.14, size * 0.07, '#f2b6b6');
}

export function barn(p: Painter, x: number, base: number, width: number): void {
  p.roundRect(x - width / 2, base - width * 0.6, width, width * 0.6, 0, '#c8453b');
  p.polygon(
    [
      [x - width * 0.58, base - width * 0.58],
      [x, base - width * 0.98],
      [x + width * 0.58, base - width * 0.58],
    ],
    '#7d2e28',
  );
  p.roundRect(x - width * 0.18, base - width * 0.36, width * 0.36, width * 0.36, 0, '#f5efe0');
  p.line(
    [
      [x - width * 0.18, base - width * 0.36],
      [x + width * 0.18, base],
    ],
    '#c8453b',
    width * 0.03,
  );
  p.line(
    [
      [x + width * 0.18, base - width * 0.36],
      [x - width * 0.18, base],
    ],
    '#c8453b',
    width * 0.03,
  );
}

export function fence(
  p: Painter,
  x0: number,
  x1: number,
  base: number,
  height: number,
  colour: string,
): void {
  for (let x = x0; x <= x1; x += height * 0.55)
    p.roundRect(x, base - height, height * 0.16, height, height * 0.05, colour);
  p.roundRect(x0, base - height * 0.75, x1 - x0, height * 0.12, 0, colour);
  p.roundRect(x0, base - height * 0.35, x1 - x0, height * 0.12, 0, colour);
}

export function fish(p: Painter, x: number, y: number, size: number, hue: number, facing: 1 | -1): void {
  const { ctx } = p;
  ctx.fillStyle = hsl(hue, 85, 60);
  ctx.beginPath();
  ctx.ellipse(x, y, size, size * 0.55, 0, 0, Math.PI * 2);
  ctx.fill();
  p.polygon(
    [
      [x - facing * size * 0.8, y],
      [x - facing * size * 1.5, y - size * 0.5],
      [x - facing * size * 1.5, y + size * 0.5],
    ],
    hsl(hue, 85, 50),
  );
  p.circle(x + facing * size * 0.5, y - size * 0.12, size * 0.12, '#1d2a3a');
}

export function whale(p: Painter, x: number, y: number, size: number): void {
  const { ctx } = p;
  ctx.fillStyle = '#4f7fb8';
  ctx.beginPath();
  ctx.ellipse(x, y, size, size * 0.55, 0, 0, Math.PI * 2);
  ctx.fill();
  p.polygon(
    [
      [x - size * 0.9, y],
      [x - size * 1.5, y - size * 0.45],
      [x - size * 1.35, y + size * 0.05],
      [x - size * 1.5, y + size * 0.4],
    ],
    '#4f7fb8',
  );
  ctx.fillStyle = '#cfe0f2';
  ctx.beginPath();
  ctx.ellipse(x + size * 0.1, y + size * 0.25, size * 0.75, size * 0.25, 0, 0, Math.PI);
  ctx.fill();
  p.circle(x + size * 0.55, y - size * 0.1, size * 0.07, '#1d2a3a');
}

export function seaweed(p: Painter, x: number, base: number, height: number): void {
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= 8; i++) points.push([x + Math.sin(i * 0.9) * p.u * 1.2, base - (i / 8) * height]);
  p.line(points, '#3f9a6b', p.u * 1.1);
}

export function ball(p: Painter, x: number, y: number, r: number): void {
  p.circle(x, y, r, '#fdfdfd');
  p.polygon(
    Array.from({ length: 5 }, (_, i) => {
      const a = -Math.PI / 2 + (i * Math.PI * 2) / 5;
      return [x + Math.cos(a) * r * 0.38, y + Math.sin(a) * r * 0.38] as const;
    }),
    '#222',
  );
}

export function goal(p: Painter, x: number, base: number, width: number): void {
  const height = width * 0.45;
  const white = '#fbfbfb';
  for (let i = 1; i < 8; i++)
    p.line(
      [
        [x - width / 2 + (i * width) / 8, base - height],
        [x - width / 2 + (i * width) / 8, base],
      ],
      'rgba(255,255,255,0.45)',
      p.u * 0.15,
    );
  for (let i = 1; i < 4; i++)
    p.line(
      [
        [x - width / 2, base - (i * height) / 4],
        [x + width / 2, base - (i * height) / 4],
      ],
      'rgba(255,255,255,0.45)',
      p.u * 0.15,
    );
  p.line(
    [
      [x - width / 2, base],
      [x - width / 2, base - height],
      [x + width / 2, base - height],
      [x + width / 2, base],
    ],
    white,
    p.u * 0.9,
  );
}

export function chalkboard(p: Painter, x: number, y: number, width: number): void {
  const height = width * 0.55;
  p.roundRect(x - width / 2 - p.u, y - p.u, width + 2 * p.u, height + 2 * p.u, p.u, '#9b6b3d');
  p.roundRect(x - width / 2, y, width, height, p.u * 0.5, '#2f4f3f');
  // Chalk doodles: a sun, a house and wavy lines of "writing".
  p.ctx.strokeStyle = 'rgba(255,255,255,0.8)';
  p.ctx.lineWidth = p.u * 0.35;
  p.ctx.beginPath();
  p.ctx.arc(x - width * 0.3, y + height * 0.3, height * 0.12, 0, Math.PI * 2);
  p.ctx.stroke();
  p.line(
    [
      [x - width * 0.05, y + height * 0.55],
      [x + width * 0.08, y + height * 0.35],
      [x + width * 0.21, y + height * 0.55],
      [x - width * 0.05, y + height * 0.55],
    ],
    'rgba(255,255,255,0.8)',
    p.u * 0.35,
  );
  for (let row = 0; row < 2; row++) {
    const points: Array<[number, number]> = [];
    for (let i = 0; i <= 20; i++)
      points.push([
        x - width * 0.38 + (i * width * 0.76) / 20,
        y + height * (0.74 + row * 0.13) + Math.sin(i * 1.7) * p.u * 0.5,
      ]);
    p.line(points, 'rgba(255,255,255,0.6)', p.u * 0.3);
  }
}

export function books(p: Painter, x: number, base: number, width: number): void {
  let y = base;
  for (let i = 0; i < 4; i++) {
    const h = width * 0.14;
    const w = width * (0.9 - i * 0.08);
    p.roundRect(
      x - w / 2 + p.between(-0.05, 0.05) * width,
      y - h,
      w,
      h,
      h * 0.2,
      hsl(p.pick([0, 40, 200, 120, 280]), 55, 55),
    );
    y -= h;
  }
  p.circle(x, y - width * 0.12, width * 0.13, '#d83a3a');
  p.roundRect(x - width * 0.01, y - width * 0.3, width * 0.03, width * 0.08, 0, '#5b3a22');
}

export function house(p: Painter, x: number, base: number, width: number, wall: string, roof: string): void {
  p.roundRect(x - width / 2, base - width * 0.62, width, width * 0.62, 0, wall);
  p.polygon(
    [
      [x - width * 0.6, base - width * 0.6],
      [x, base - width * 1.05],
      [x + width * 0.6, base - width * 0.6],
    ],
    roof,
  );
  p.roundRect(x - width * 0.1, base - width * 0.32, width * 0.2, width * 0.32, width * 0.03, '#7a4b2a');
  for (const dx of [-0.3, 0.3])
    p.roundRect(
      x + dx * width - width * 0.1,
      base - width * 0.5,
      width * 0.2,
      width * 0.16,
      width * 0.02,
      '#fff3c4',
    );
}

export function mountain(
  p: Painter,
  x: number,
  base: number,
  width: number,
  height: number,
  rock: string,
  snow: boolean,
): void {
  p.polygon(
    [
      [x - width / 2, base],
      [x, base - height],
      [x + width / 2, base],
    ],
    rock,
  );
  if (snow)
    p.polygon(
      [
        [x - width * 0.12, base - height * 0.76],
        [x, base - height],
        [x + width * 0.12, base - height * 0.76],
        [x + width * 0.04, base - height * 0.8],
        [x - width * 0.03, base - height * 0.74],
      ],
      '#f6f8fb',
    );
}

export function tent(p: Painter, x: number, base: number, width: number, hue: number): void {
  p.polygon(
    [
      [x - width / 2, base],
      [x, base - width * 0.7],
      [x + width / 2, base],
    ],
    hsl(hue, 70, 55),
  );
  p.polygon(
    [
      [x - width * 0.12, base],
      [x, base - width * 0.45],
      [x + width * 0.12, base],
    ],
    hsl(hue, 50, 25),
  );
}

export function planet(p: Painter, x: number, y: number, r: number, hue: number, ring: boolean): void {
  const g = p.ctx.createRadialGradient(x - r * 0.4, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, hsl(hue, 70, 72));
  g.addColorStop(1, hsl(hue, 60, 42));
  p.ctx.fillStyle = g;
  p.ctx.beginPath();
  p.ctx.arc(x, y, r, 0, Math.PI * 2);
  p.ctx.fill();
  if (!ring) return;
  p.ctx.strokeStyle = hsl(hue + 40, 60, 80, 0.85);
  p.ctx.lineWidth = r * 0.12;
  p.ctx.beginPath();
  p.ctx.ellipse(x, y, r * 1.6, r * 0.45, -0.3, 0, Math.PI * 2);
  p.ctx.stroke();
}

export function rocket(p: Painter, x: number, y: number, size: number): void {
  p.polygon(
    [
      [x, y - size],
      [x + size * 0.28, y - size * 0.4],
      [x + size * 0.28, y + size * 0.5],
      [x - size * 0.28, y + size * 0.5],
      [x - size * 0.28, y - size * 0.4],
    ],
    '#eef2f7',
  );
  p.polygon(
    [
      [x, y - size],
      [x + size * 0.28, y - size * 0.4],
      [x - size * 0.28, y - size * 0.4],
    ],
    '#e2483d',
  );
  p.circle(x, y - size * 0.1, size * 0.13, '#5ab0e8');
  for (const side of [-1, 1])
    p.polygon(
      [
        [x + side * size * 0.28, y + size * 0.1],
        [x + side * size * 0.5, y + size * 0.6],
        [x + side * size * 0.28, y + size * 0.5],
      ],
      '#e2483d',
    );
  p.polygon(
    [
      [x - size * 0.18, y + size * 0.5],
      [x, y + size * 1.05],
      [x + size * 0.18, y + size * 0.5],
    ],
    '#ffb347',
  );
}
