/** Scene things of everyday life: sport, school, home and space travel. */
import { hsl, type Painter } from './painter';

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
