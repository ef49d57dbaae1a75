/** Outdoor scenes in daylight: snow, the farm, spring, the park, autumn, home and the mountains. */

import { canvasModule } from '../napi-canvas';
import { type ArtName, artImage } from './art';
import { haze, lightSource, ridge, skyline } from './atmosphere';
import { hsl } from './painter';
import {
  alongHorizon,
  art,
  flock,
  footOfPicture,
  frame,
  overhead,
  type Stage,
  strew,
  tallness,
  viewY,
} from './staging';
import { grass, snow as snowField } from './surfaces';

/**
 * A daytime sky, a sun and a few clouds; a tall picture's sun is larger and its clouds, larger too,
 * drift down the whole height of its sky, the nearer (lower) ones paler.
 */
function daySky(s: Stage, top: string, bottom: string, sunX: number): void {
  const { p } = s;
  const { u, w, h } = p;
  const t = tallness(p);
  p.gradient([top, bottom], 0, s.horizon + u * 2);
  lightSource(p, sunX, viewY(s, 0.1), u * 5 * (1 + 0.5 * t), '#fffbe8', 'rgba(255,244,200,0.45)');
  const clouds = Math.round((3 * h) / w);
  for (let i = 0; i < clouds; i++) {
    // Spread down the sky in bands (a tall sky's first bands high, its last low over the hills).
    const band = t ? (i + p.between(0.1, 0.9)) / clouds : p.between(0, 1);
    const y = h * 0.1 + band * (t ? s.horizon * 0.62 : h * 0.2);
    art(s, 'cloud', w * p.between(0.05, 0.95), y, u * p.between(10, 18) * (1 + 0.5 * t), {
      alpha: 0.92 - band * 0.25 * t,
    });
  }
}

/** Birds in a tall picture's upper sky, on the side away from the sun. */
function birdsInTallSky(s: Stage, sunX: number): void {
  const { p } = s;
  if (!tallness(p)) return;
  const x = sunX > p.w / 2 ? p.w * 0.3 : p.w * 0.7;
  flock(s, 'bird', x, p.h * p.between(0.2, 0.26), 3, p.u * 6);
}

/**
 * A whole rainbow `width` wide, centred on x, standing on the horizon: Noto's is a quarter arch cut
 * straight where it peaks (at 92 % of its square), so it is drawn twice on a layer, the second
 * mirrored, overlapping a little where the two cut ends meet (their corners are rounded), and the
 * layer laid on translucent (two translucent halves would show their overlap as a darker seam).
 */
function rainbow(s: Stage, x: number, width: number): void {
  const peak = 0.91;
  const size = width / (2 * (peak - 0.08));
  const layer = canvasModule().createCanvas(Math.ceil(2 * peak * size), Math.ceil(size));
  const ctx = layer.getContext('2d');
  ctx.drawImage(artImage('rainbow'), 0, 0, size, size);
  ctx.translate(2 * peak * size, 0);
  ctx.scale(-1, 1);
  ctx.drawImage(artImage('rainbow'), 0, 0, size, size);
  s.p.ctx.save();
  s.p.ctx.globalAlpha = 0.55;
  s.p.ctx.drawImage(layer, x - peak * size, s.horizon - size * 0.96);
  s.p.ctx.restore();
}

/** Two ranges of hills, the farther one paler. */
function hills(s: Stage, far: string, near: string, rgbHaze: string): void {
  const { u } = s.p;
  ridge(s, s.horizon - u * 6, u * 16, far);
  haze(s, rgbHaze, 0.5, s.horizon - u * 30, s.horizon);
  ridge(s, s.horizon + u, u * 8, near);
}

export function snow(s: Stage): void {
  const { p } = s;
  const { u, w, h } = p;
  daySky(s, hsl(208 + (s.hue % 20), 65, 58), '#dcebf8', w * 0.8);
  ridge(s, s.horizon - u * 6, u * 30, '#b4c7e3', 1);
  haze(s, '225,238,250', 0.55, s.horizon - u * 40, s.horizon);
  ridge(s, s.horizon, u * 8, '#e4eef9');
  alongHorizon(
    s,
    ['evergreen-tree', 'evergreen-tree', 'house'],
    [0.06, 0.14, 0.24, 0.76, 0.86, 0.94],
    u * 15,
  );
  haze(s, '225,238,250', 0.2, s.horizon - u * 20, s.horizon + u * 2);
  snowField(s);
  const [treeSide, friendSide] = s.variant % 2 ? (['left', 'right'] as const) : (['right', 'left'] as const);
  frame(s, 'evergreen-tree', treeSide, u * 76, s.ground + u * 2);
  frame(s, 'evergreen-tree', friendSide, u * 40, s.ground - u * 16, { crop: 0.6 });
  frame(s, 'snowman', friendSide, u * 44, s.ground + u * 5, { crop: 0.25 });
  frame(s, 'sled', treeSide, u * 20, s.ground + u * 10);
  overhead(s, 'snowflake', w * 0.12, h * 0.08, u * 8, { alpha: 0.9 });
  strew(s, 220, { x: 0, y: 0, w, h }, (x, y) =>
    p.circle(x, y, u * p.between(0.2, 0.7), 'rgba(255,255,255,0.9)'),
  );
}

export function farm(s: Stage): void {
  const { p } = s;
  const { u, w } = p;
  daySky(s, hsl(200, 70, 62), '#dff2ff', w * 0.15);
  hills(s, '#9fd07e', '#86c266', '223,242,255');
  alongHorizon(s, ['house-with-garden', 'tractor'], s.variant % 2 ? [0.22, 0.8] : [0.78, 0.2], u * 22);
  grass(s, 95, 55);
  // A rail fence along the back of the field.
  const fy = s.horizon + u * 5;
  for (let x = u * 2; x < w; x += u * 9) s.p.roundRect(x, fy - u * 6, u * 1.4, u * 8, u * 0.4, '#f4ede0');
  for (const dy of [4.5, 2]) s.p.roundRect(0, fy - u * dy, w, u * 1, u * 0.3, '#efe5d2');
  const animals: ArtName[][] = [
    ['cow', 'pig'],
    ['ewe', 'chicken'],
    ['horse', 'baby-chick'],
    ['pig', 'ewe'],
  ];
  const [left, right] = animals[s.variant % animals.length];
  frame(s, 'sunflower', 'left', u * 30, s.ground - u * 16);
  frame(s, left, 'left', u * 40, s.ground + u * 4, { crop: 0.25 });
  frame(s, right, 'right', u * 34, s.ground + u * 4, { crop: 0.25 });
  frame(s, 'baby-chick', 'right', u * 12, s.ground + u * 10);
  footOfPicture(s, ['blossom', 'tulip'], 3);
  birdsInTallSky(s, w * 0.15);
}

export function spring(s: Stage): void {
  const { p } = s;
  const { u, w, h } = p;
  daySky(s, hsl(200, 70, 72), '#fdf6e0', w * 0.85);
  if (s.variant === 1) rainbow(s, w * 0.5, w * 0.7);
  hills(s, '#b7e39b', '#9fd784', '253,246,224');
  alongHorizon(s, ['deciduous-tree', 'deciduous-tree'], [0.08, 0.9, 0.2], u * 16);
  grass(s, 105, 60);
  const flowers: ArtName[] = ['tulip', 'blossom', 'sunflower', 'hibiscus', 'rose'];
  frame(s, 'tulip', 'right', u * 46, s.ground + u * 4);
  frame(s, p.pick(flowers), 'left', u * 30, s.ground - u * 8);
  frame(s, 'sunflower', 'left', u * 40, s.ground + u * 6);
  frame(s, 'cherry-blossom', 'right', u * 16, s.ground + u * 11);
  overhead(s, 'butterfly', w * 0.15, h * 0.25, u * 12, { rotate: -0.2 });
  overhead(s, 'butterfly', w * 0.86, h * 0.16, u * 9, { rotate: 0.3, tint: { hue: 120 } });
  overhead(s, 'honeybee', w * 0.7, h * 0.08, u * 8);
  strew(s, 40, { x: 0, y: s.ground, w, h: h - s.ground }, (x, y) => art(s, p.pick(flowers), x, y, u * 4));
  footOfPicture(s, flowers, 6);
}

export function park(s: Stage): void {
  const { p } = s;
  const { u, w, h } = p;
  daySky(s, hsl(205, 70, 66), '#e6f4ff', w * 0.2);
  skyline(s, s.horizon, '#a9bfd6', '#e8f1fb');
  haze(s, '230,244,255', 0.55, s.horizon - u * 30, s.horizon);
  ridge(s, s.horizon + u * 2, u * 4, '#8fca6f');
  grass(s, 100, 56);
  // A path winding to the child's feet.
  p.ctx.fillStyle = '#eadcb8';
  p.ctx.beginPath();
  p.ctx.moveTo(w * 0.46, s.horizon + u * 2);
  p.ctx.lineTo(w * 0.54, s.horizon + u * 2);
  p.ctx.quadraticCurveTo(w * 0.75, s.ground, w * 0.85, h);
  p.ctx.lineTo(w * 0.15, h);
  p.ctx.quadraticCurveTo(w * 0.3, s.ground, w * 0.46, s.horizon + u * 2);
  p.ctx.fill();
  alongHorizon(s, ['deciduous-tree', 'evergreen-tree'], [0.1, 0.26, 0.74, 0.9], u * 18);
  frame(s, 'deciduous-tree', 'left', u * 80, s.ground + u * 2);
  frame(s, s.variant % 2 ? 'duck' : 'dog', 'right', u * 32, s.ground + u * 4, { crop: 0.25 });
  overhead(s, 'kite', w * 0.82, h * 0.12, u * 18, { rotate: 0.3 });
  frame(s, 'basket', 'right', u * 16, s.ground + u * 10);
  frame(s, 'soccer-ball', 'left', u * 12, s.ground + u * 11);
  // A tall picture: a balloon that got away, drifting up past the kite.
  if (tallness(p))
    overhead(s, 'balloon', w * 0.16, h * 0.22, u * 14, { rotate: -0.15, tint: { hue: s.hue } });
  birdsInTallSky(s, w * 0.2);
}

export function autumn(s: Stage): void {
  const { p } = s;
  const { u, w, h } = p;
  daySky(s, hsl(30 + (s.hue % 15), 70, 76), '#fdf0d6', w * 0.75);
  hills(s, '#e3b26b', '#cf9448', '253,240,214');
  const greens = [50, 170] as const;
  const golden = { hue: -55, saturation: 1.3, only: greens };
  const ember = { hue: -80, saturation: 1.3, only: greens };
  alongHorizon(s, ['deciduous-tree'], [0.08, 0.2, 0.8, 0.92], u * 18, { tint: golden });
  grass(s, 38, 50);
  frame(s, 'deciduous-tree', 'right', u * 78, s.ground + u * 2, { tint: ember });
  frame(s, 'hedgehog', 'left', u * 30, s.ground + u * 4, { crop: 0.25 });
  footOfPicture(s, ['fallen-leaf', 'maple-leaf'], 6);
  frame(s, 'mushroom', 'left', u * 16, s.ground - u * 14);
  frame(s, s.variant % 2 ? 'chipmunk' : 'owl', 'right', u * 24, s.ground + u * 9);
  birdsInTallSky(s, w * 0.75);
  const leaves: ArtName[] = ['maple-leaf', 'fallen-leaf', 'leaf-fluttering-in-wind'];
  strew(s, Math.round((28 * h) / w), { x: 0, y: 0, w, h }, (x, y) =>
    art(s, p.pick(leaves), x, y, u * p.between(3, 6), { rotate: p.random() * 6 }),
  );
}

export function home(s: Stage): void {
  const { p } = s;
  const { u, w, h } = p;
  daySky(s, hsl(205, 70, 70), '#fff0d8', w * 0.85);
  hills(s, '#a8d98c', '#93cd75', '255,240,216');
  alongHorizon(s, ['deciduous-tree'], [0.06, 0.94], u * 18);
  art(s, 'house', s.variant % 2 ? w * 0.25 : w * 0.72, s.horizon + u * 6, Math.min(w * 0.45, u * 46), {
    shadow: true,
  });
  grass(s, 100, 58);
  const fy = s.horizon + u * 8;
  for (let x = u; x < w; x += u * 4) p.roundRect(x, fy - u * 6, u * 2.2, u * 7, u * 1, '#ffffff');
  p.roundRect(0, fy - u * 4, w, u * 0.9, 0, '#f4f4f4');
  frame(s, 'sunflower', 'left', u * 40, s.ground - u * 4);
  frame(s, 'potted-plant', 'left', u * 22, s.ground + u * 9);
  frame(s, 'closed-mailbox-with-raised-flag', 'right', u * 22, s.ground - u * 14);
  frame(s, s.variant % 2 ? 'dog' : 'cat', 'right', u * 26, s.ground + u * 8, { crop: 0.25 });
  footOfPicture(s, ['tulip', 'rose', 'blossom'], 5);
  overhead(s, 'butterfly', w * 0.12, h * 0.14, u * 9);
  birdsInTallSky(s, w * 0.85);
}

export function mountains(s: Stage): void {
  const { p } = s;
  const { u, w, h } = p;
  p.gradient([hsl(25 + (s.hue % 15), 80, 68), hsl(330, 45, 78), hsl(210, 55, 82)], 0, s.horizon);
  lightSource(p, w * 0.5, s.horizon - u * 24, u * 7, '#fff3d0', 'rgba(255,225,170,0.5)');
  // A tall picture's far range rises higher, into the sky it would leave empty.
  ridge(s, s.horizon - u * 20, u * 26 * (1 + 0.6 * tallness(p)), '#8d96c0', 1);
  haze(s, '245,210,210', 0.45, 0, s.horizon);
  ridge(s, s.horizon - u * 8, u * 18, '#6f7fa8', 0.8);
  haze(s, '245,215,215', 0.3, 0, s.horizon);
  ridge(s, s.horizon + u, u * 8, '#4f7a55');
  alongHorizon(s, ['evergreen-tree'], [0.04, 0.12, 0.2, 0.8, 0.88, 0.96], u * 16);
  grass(s, 95, 40);
  frame(s, 'tent', 'right', u * 46, s.ground + u * 2, { crop: 0.2 });
  frame(s, 'fire', 'right', u * 14, s.ground + u * 11, { crop: 0 });
  frame(s, 'evergreen-tree', 'left', u * 76, s.ground + u * 2);
  frame(s, s.variant % 2 ? 'backpack' : 'compass', 'left', u * 16, s.ground + u * 10);
  overhead(s, 'eagle', w * 0.82, h * 0.12, u * 14);
  if (tallness(p)) flock(s, 'bird', w * 0.25, h * 0.2, 3, u * 5);
}
