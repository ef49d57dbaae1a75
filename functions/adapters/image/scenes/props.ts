/** The things scenes are made of: balloons, cakes, trees, castles, pumpkins, animals... */
import { hsl, type Painter } from './painter';

export function balloon(p: Painter, x: number, y: number, r: number, hue: number): void {
  const { ctx } = p;
  p.line(
    [
      [x, y + r * 1.2],
      [x + r * 0.3, y + r * 2.2],
      [x - r * 0.2, y + r * 3.2],
      [x + r * 0.1, y + r * 4.4],
    ],
    'rgba(90,90,90,0.7)',
    r * 0.05,
  );
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.45, r * 0.1, x, y, r * 1.2);
  g.addColorStop(0, hsl(hue, 90, 80));
  g.addColorStop(1, hsl(hue, 80, 50));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.ellipse(x, y, r * 0.85, r, 0, 0, Math.PI * 2);
  ctx.fill();
  p.polygon(
    [
      [x - r * 0.12, y + r * 1.12],
      [x + r * 0.12, y + r * 1.12],
      [x, y + r * 0.96],
    ],
    hsl(hue, 80, 45),
  );
}

/** A string of triangular flags hanging between two points. */
export function bunting(p: Painter, x0: number, x1: number, y: number, sag: number, hues: number[]): void {
  const points: Array<[number, number]> = [];
  const steps = 14;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    points.push([x0 + (x1 - x0) * t, y + Math.sin(t * Math.PI) * sag]);
  }
  p.line(points, 'rgba(80,60,60,0.8)', p.u * 0.25);
  for (let i = 0; i < steps; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[i + 1];
    p.polygon(
      [
        [ax, ay],
        [bx, by],
        [(ax + bx) / 2, (ay + by) / 2 + p.u * 4.5],
      ],
      hsl(hues[i % hues.length], 75, 60),
    );
  }
}

export function cake(p: Painter, x: number, base: number, width: number, hue: number): void {
  const { u } = p;
  const layer = width * 0.32;
  p.roundRect(x - width * 0.6, base - u * 0.8, width * 1.2, u * 1.6, u * 0.8, '#f3f3f3');
  p.roundRect(x - width / 2, base - layer, width, layer, u, hsl(hue, 60, 70));
  p.roundRect(x - width * 0.38, base - layer * 1.9, width * 0.76, layer * 0.95, u, hsl(hue + 30, 60, 78));
  // Icing drips.
  for (let i = 0; i < 7; i++) {
    p.circle(x - width * 0.33 + (i * width * 0.66) / 6, base - layer * 1.9 + u * 0.5, u * 1.1, '#fffaf2');
  }
  for (let i = 0; i < 3; i++) {
    const cx = x - width * 0.2 + i * width * 0.2;
    p.roundRect(cx - u * 0.5, base - layer * 1.9 - u * 5, u, u * 5, u * 0.3, hsl(hue + 180, 70, 65));
    p.glow(cx, base - layer * 1.9 - u * 6, u * 0.8, '#ffd54a', 'rgba(255,210,80,0.6)');
  }
}

export function present(p: Painter, x: number, base: number, size: number, hue: number): void {
  p.roundRect(x - size / 2, base - size, size, size, p.u * 0.6, hsl(hue, 65, 52));
  p.roundRect(x - size * 0.08, base - size, size * 0.16, size, 0, hsl(hue + 160, 70, 75));
  p.roundRect(x - size / 2, base - size * 0.62, size, size * 0.14, 0, hsl(hue + 160, 70, 75));
  p.circle(x - size * 0.12, base - size * 1.05, size * 0.12, hsl(hue + 160, 70, 70));
  p.circle(x + size * 0.12, base - size * 1.05, size * 0.12, hsl(hue + 160, 70, 70));
}

/** A fir tree; `decorated` adds baubles, a garland of lights and a star. */
export function firTree(
  p: Painter,
  x: number,
  base: number,
  height: number,
  green: string,
  decorated: boolean,
): void {
  const { u } = p;
  p.roundRect(x - height * 0.05, base - height * 0.14, height * 0.1, height * 0.14, u * 0.3, '#6b4426');
  const tiers = 4;
  for (let i = 0; i < tiers; i++) {
    const top = base - height * (0.3 + (i * 0.7) / tiers) - height * 0.1;
    const width = height * (0.62 - i * 0.12);
    p.polygon(
      [
        [x, top - height * 0.22],
        [x + width / 2, top + height * 0.12],
        [x - width / 2, top + height * 0.12],
      ],
      green,
    );
  }
  if (!decorated) return;
  for (let i = 0; i < 16; i++) {
    const t = p.random();
    const y = base - height * (0.18 + t * 0.72);
    const half = height * 0.3 * (1 - t * 0.85);
    p.circle(x + p.between(-half, half), y, u * p.between(0.7, 1.3), hsl(p.pick([0, 45, 200, 300]), 80, 58));
  }
  p.star(x, base - height * 1.05, height * 0.08, '#ffd54a');
}

export function snowman(p: Painter, x: number, base: number, size: number): void {
  p.circle(x, base - size * 0.5, size * 0.5, '#fbfdff');
  p.circle(x, base - size * 1.25, size * 0.36, '#fbfdff');
  p.circle(x, base - size * 1.8, size * 0.26, '#fbfdff');
  p.circle(x - size * 0.09, base - size * 1.85, size * 0.035, '#222');
  p.circle(x + size * 0.09, base - size * 1.85, size * 0.035, '#222');
  p.polygon(
    [
      [x, base - size * 1.8],
      [x + size * 0.25, base - size * 1.76],
      [x, base - size * 1.74],
    ],
    '#f08a24',
  );
  p.roundRect(x - size * 0.3, base - size * 1.62, size * 0.6, size * 0.09, size * 0.03, '#d33c3c');
}

export function castle(
  p: Painter,
  x: number,
  base: number,
  width: number,
  stone: string,
  roof: string,
): void {
  const tower = width * 0.2;
  const wallTop = base - width * 0.5;
  p.polygon(
    [
      [x - width / 2, base],
      [x - width / 2, wallTop],
      [x + width / 2, wallTop],
      [x + width / 2, base],
    ],
    stone,
  );
  for (const dx of [-0.5, 0.5, 0]) {
    const tx = x + dx * width;
    const height = dx === 0 ? width * 0.95 : width * 0.75;
    p.roundRect(tx - tower / 2, base - height, tower, height, 0, stone);
    p.polygon(
      [
        [tx - tower * 0.65, base - height],
        [tx + tower * 0.65, base - height],
        [tx, base - height - tower * 1.3],
      ],
      roof,
    );
    p.line(
      [
        [tx, base - height - tower * 1.3],
        [tx, base - height - tower * 1.8],
      ],
      '#5b4636',
      p.u * 0.25,
    );
    p.polygon(
      [
        [tx, base - height - tower * 1.8],
        [tx + tower * 0.5, base - height - tower * 1.65],
        [tx, base - height - tower * 1.5],
      ],
      roof,
    );
    p.roundRect(
      tx - tower * 0.15,
      base - height * 0.7,
      tower * 0.3,
      tower * 0.45,
      tower * 0.15,
      'rgba(255,230,150,0.9)',
    );
  }
  p.roundRect(x - width * 0.08, base - width * 0.22, width * 0.16, width * 0.22, width * 0.08, '#5b4636');
}

export function pumpkin(p: Painter, x: number, base: number, r: number, face: boolean): void {
  const { ctx } = p;
  for (const [dx, shade] of [
    [-0.45, 48],
    [0.45, 48],
    [0, 55],
  ] as const) {
    ctx.fillStyle = hsl(27, 90, shade);
    ctx.beginPath();
    ctx.ellipse(x + dx * r, base - r * 0.8, r * 0.6, r * 0.8, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  p.roundRect(x - r * 0.08, base - r * 1.85, r * 0.16, r * 0.3, r * 0.05, '#4f6b2a');
  if (!face) return;
  const glowColour = '#ffdd55';
  p.polygon(
    [
      [x - r * 0.42, base - r * 1.0],
      [x - r * 0.18, base - r * 1.0],
      [x - r * 0.3, base - r * 1.25],
    ],
    glowColour,
  );
  p.polygon(
    [
      [x + r * 0.42, base - r * 1.0],
      [x + r * 0.18, base - r * 1.0],
      [x + r * 0.3, base - r * 1.25],
    ],
    glowColour,
  );
  ctx.fillStyle = glowColour;
  ctx.beginPath();
  ctx.ellipse(x, base - r * 0.62, r * 0.45, r * 0.2, 0, 0, Math.PI);
  ctx.fill();
}

export function bat(p: Painter, x: number, y: number, size: number): void {
  p.polygon(
    [
      [x, y],
      [x - size * 0.5, y - size * 0.25],
      [x - size, y - size * 0.05],
      [x - size * 0.7, y + size * 0.05],
      [x - size * 0.45, y + size * 0.25],
      [x, y + size * 0.15],
      [x + size * 0.45, y + size * 0.25],
      [x + size * 0.7, y + size * 0.05],
      [x + size, y - size * 0.05],
      [x + size * 0.5, y - size * 0.25],
    ],
    '#2a1f33',
  );
}

export function leafyTree(
  p: Painter,
  x: number,
  base: number,
  height: number,
  leaves: readonly string[],
): void {
  p.roundRect(x - height * 0.05, base - height * 0.55, height * 0.1, height * 0.55, height * 0.03, '#7a5233');
  for (let i = 0; i < 7; i++) {
    p.circle(
      x + p.between(-0.22, 0.22) * height,
      base - height * p.between(0.55, 0.9),
      height * p.between(0.16, 0.24),
      p.pick(leaves),
    );
  }
}

export function flower(p: Painter, x: number, y: number, r: number, hue: number): void {
  p.line(
    [
      [x, y],
      [x, y + r * 4],
    ],
    '#4f8a3a',
    r * 0.25,
  );
  for (let i = 0; i < 5; i++) {
    const a = (i * Math.PI * 2) / 5;
    p.circle(x + Math.cos(a) * r * 0.8, y + Math.sin(a) * r * 0.8, r * 0.6, hsl(hue, 80, 70));
  }
  p.circle(x, y, r * 0.5, '#ffd54a');
}

export function butterfly(p: Painter, x: number, y: number, size: number, hue: number): void {
  const { ctx } = p;
  ctx.fillStyle = hsl(hue, 80, 62);
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(x + side * size * 0.45, y - size * 0.2, size * 0.45, size * 0.35, side * 0.5, 0, Math.PI * 2);
    ctx.ellipse(x + side * size * 0.35, y + size * 0.3, size * 0.3, size * 0.25, -side * 0.4, 0, Math.PI * 2);
    ctx.fill();
  }
  p.roundRect(x - size * 0.07, y - size * 0.45, size * 0.14, size * 0.9, size * 0.07, '#3b2d2d');
}
