/** Scene things of the outdoors: farm animals, the sea, mountains and camping. */
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
