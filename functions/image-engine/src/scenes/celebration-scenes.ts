/** Scenes indoors and at night: a birthday party, Christmas, Halloween and the classroom. */

import type { ArtName } from './art';
import { haze, lightSource, ridge } from './atmosphere';
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
  wallY,
} from './staging';
import { boards, grass, snow, wall, windowFrame } from './surfaces';

/** A string of pennants sagging across the top of the picture. */
function bunting(s: Stage, y: number, sag: number, hues: readonly number[]): void {
  const { p } = s;
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= 16; i++) points.push([(p.w * i) / 16, y + Math.sin((i / 16) * Math.PI) * sag]);
  p.line(points, 'rgba(90,60,60,0.8)', p.u * 0.3);
  for (let i = 0; i < 16; i++) {
    const [[ax, ay], [bx, by]] = [points[i], points[i + 1]];
    p.ctx.fillStyle = hsl(hues[i % hues.length], 75, 62);
    p.ctx.beginPath();
    p.ctx.moveTo(ax, ay);
    p.ctx.lineTo(bx, by);
    p.ctx.lineTo((ax + bx) / 2, (ay + by) / 2 + p.u * 5);
    p.ctx.fill();
  }
}

/** A string of little coloured bulbs, each glowing, across the top of the room. */
function fairyLights(s: Stage, y: number, sag: number): void {
  const { p } = s;
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= 24; i++) points.push([(p.w * i) / 24, y + Math.sin((i / 24) * Math.PI) * sag]);
  p.line(points, 'rgba(30,60,30,0.9)', p.u * 0.3);
  for (const [i, [x, by]] of points.entries()) {
    const colour = ['#ffd84d', '#ff5a5a', '#5ad1ff', '#7dff7a'][i % 4];
    p.glow(x, by + p.u * 1.2, p.u * 4, `${colour}88`, 'screen');
    p.circle(x, by + p.u * 1.2, p.u * 0.8, colour);
  }
}

/** Light falling from a window's sill onto the floor: a soft warm trapezoid. */
function sunbeam(s: Stage, x: number, sill: number, width: number): void {
  const { p } = s;
  const floor = p.h * 0.98;
  const drift = (p.w / 2 - x) * 0.35;
  p.ctx.save();
  p.ctx.globalCompositeOperation = 'screen';
  const g = p.ctx.createLinearGradient(0, sill, 0, floor);
  g.addColorStop(0, 'rgba(255,244,214,0.28)');
  g.addColorStop(1, 'rgba(255,244,214,0.04)');
  p.ctx.fillStyle = g;
  p.ctx.beginPath();
  p.ctx.moveTo(x, sill);
  p.ctx.lineTo(x + width, sill);
  p.ctx.lineTo(x + width * 1.4 + drift, floor);
  p.ctx.lineTo(x - width * 0.2 + drift, floor);
  p.ctx.fill();
  p.ctx.restore();
}

/** An ornament hanging on a thread from the top of the picture. */
function hang(s: Stage, name: ArtName, x: number, y: number, size: number): void {
  s.p.line(
    [
      [x, 0],
      [x, y],
    ],
    'rgba(240,220,160,0.9)',
    s.p.u * 0.25,
  );
  overhead(s, name, x, y, size);
}

/** Clear daylight through a window: sky and a cloud. */
const daySky = (s: Stage, x: number, y: number, w: number, h: number) => () => {
  s.p.gradient(['#7cc4f0', '#d8f0ff'], y, y + h);
  art(s, 'cloud', x + w * 0.35, y + h * 0.55, w * 0.5);
};

/** A snowy night through a window: dark blue, a moon, falling snow. */
const nightSky = (s: Stage, x: number, y: number, w: number, h: number) => () => {
  s.p.gradient(['#142850', '#2d4f86'], y, y + h);
  art(s, 'crescent-moon', x + w * 0.72, y + h * 0.4, w * 0.3);
  for (let i = 0; i < 30; i++)
    s.p.circle(x + s.p.random() * w, y + s.p.random() * h, s.p.u * 0.35, '#ffffff');
};

export function party(s: Stage): void {
  const { p, hue } = s;
  const { u, w } = p;
  wall(s, hue + 320, (['stripes', 'dots', 'diamonds'] as const)[s.variant % 3], 84);
  const wx = s.variant % 2 ? w * 0.62 : w * 0.1;
  const [wy, wh] = [wallY(s, 0.3), wallY(s, 0.42) - s.view.top];
  windowFrame(s, wx, wy, w * 0.26, wh, daySky(s, wx, wy, w * 0.26, wh));
  boards(s, 32, 62);
  sunbeam(s, wx, wy + wh, w * 0.26);
  alongHorizon(s, ['potted-plant'], [s.variant % 2 ? 0.08 : 0.92], u * 12);
  bunting(s, viewY(s, 0.04), s.view.height * 0.06, [hue, hue + 60, hue + 150, hue + 220]);
  const treats = (['birthday-cake', 'cupcake', 'birthday-cake'] as const)[s.variant % 3];
  const [giftSide, cakeSide] = s.variant % 2 ? (['right', 'left'] as const) : (['left', 'right'] as const);
  frame(s, 'teddy-bear', giftSide, u * 22, s.ground - u * 12);
  frame(s, 'wrapped-gift', giftSide, u * 34, s.ground + u * 7);
  frame(s, treats, cakeSide, u * 38, s.ground + u * 6);
  frame(s, 'wrapped-gift', cakeSide, u * 14, s.ground + u * 11, { rotate: 0.15 });
  for (const [fx, fy, size, tilt] of [
    [0.06, 0.12, 20, -0.25],
    [0.17, 0.07, 17, 0.05],
    [0.1, 0.22, 15, 0.1],
    [0.94, 0.1, 20, 0.25],
    [0.82, 0.15, 16, -0.1],
    [0.9, 0.24, 14, 0.05],
  ] as const)
    overhead(s, 'balloon', w * fx, p.h * fy + u * 8, u * size, {
      rotate: tilt,
      tint: { hue: 30 * Math.floor(p.between(0, 12)) },
    });
  overhead(s, 'party-popper', w * 0.5, viewY(s, 0.14), u * 12);
  strew(s, 90, { x: 0, y: 0, w, h: s.ground }, (x, y) => {
    p.ctx.save();
    p.ctx.translate(x, y);
    p.ctx.rotate(p.random() * Math.PI);
    p.roundRect(-u * 0.4, -u * 0.8, u * 0.8, u * 1.6, u * 0.2, hsl(p.between(0, 360), 80, 62));
    p.ctx.restore();
  });
}

export function christmas(s: Stage): void {
  if (s.variant % 2) christmasNight(s);
  else christmasRoom(s);
}

/** Christmas indoors: a tree, presents and fairy lights, snow falling past the window. */
function christmasRoom(s: Stage): void {
  const { p, hue } = s;
  const { u, w, h } = p;
  wall(s, 355 + (hue % 20), 'diamonds', 40);
  const [wx, wy, ww, wh] = [w * 0.3, wallY(s, 0.16), w * 0.4, wallY(s, 0.42) - s.view.top];
  windowFrame(s, wx, wy, ww, wh, nightSky(s, wx, wy, ww, wh));
  fairyLights(s, viewY(s, 0.03), s.view.height * 0.05);
  boards(s, 24, 42);
  // A round rug under the child's feet, in rings.
  for (const [i, scale] of [1, 0.8, 0.6, 0.4].entries()) {
    p.ctx.fillStyle = hsl(i % 2 ? 350 : 140, 40, 36 + i * 3);
    p.ctx.beginPath();
    p.ctx.ellipse(w / 2, s.ground, w * 0.34 * scale, (h - s.horizon) * 0.22 * scale, 0, 0, Math.PI * 2);
    p.ctx.fill();
  }
  p.glow(s.child.x - u * 15, s.ground - u * 30, u * 45, 'rgba(255,200,120,0.45)', 'screen');
  frame(s, 'christmas-tree', 'left', u * 72, s.ground + u * 3, { flip: false });
  frame(s, 'wrapped-gift', 'left', u * 20, s.ground + u * 9);
  frame(s, 'teddy-bear', 'right', u * 30, s.ground + u * 2, { crop: 0.25 });
  frame(s, 'wrapped-gift', 'right', u * 18, s.ground + u * 10, { flip: false, tint: { hue: 150 } });
  hang(s, 'bell', w * 0.88, h * 0.16, u * 14);
  hang(s, 'star', w * 0.12, h * 0.14, u * 11);
}

/** Christmas outdoors at night: stars, a village on the hill, trees and a snowman. */
function christmasNight(s: Stage): void {
  const { p } = s;
  const { u, w, h } = p;
  p.gradient(['#0d1838', '#23386e', '#5a6fa8'], 0, s.horizon);
  for (let i = 0; i < 160; i++)
    p.circle(p.random() * w, p.random() * s.horizon, u * p.between(0.1, 0.35), 'rgba(255,255,255,0.9)');
  lightSource(p, w * 0.8, viewY(s, 0.12), u * 5, '#fff8dc', 'rgba(255,246,210,0.35)');
  ridge(s, s.horizon, u * 10, '#b9c7e2');
  alongHorizon(s, ['house', 'evergreen-tree', 'house-with-garden'], [0.14, 0.3, 0.7, 0.86], u * 16);
  haze(s, '40,60,110', 0.3, s.horizon - u * 30, s.horizon + u * 6);
  for (const fx of [0.14, 0.7]) p.glow(w * fx, s.horizon - u * 4, u * 14, 'rgba(255,200,120,0.5)', 'screen');
  snow(s);
  frame(s, 'christmas-tree', 'right', u * 70);
  frame(s, 'snowman', 'left', u * 40);
  frame(s, 'wrapped-gift', 'right', u * 14, s.ground + u * 10);
  overhead(s, 'star', w * 0.15, h * 0.1, u * 10);
  strew(s, 150, { x: 0, y: 0, w, h }, (x, y) =>
    p.circle(x, y, u * p.between(0.2, 0.6), 'rgba(255,255,255,0.85)'),
  );
}

export function halloween(s: Stage): void {
  const { p, hue } = s;
  const { u, w, h } = p;
  p.gradient([hsl(265 + (hue % 20), 45, 14), hsl(285, 40, 30), hsl(25, 75, 55)], 0, s.horizon);
  const moonX = s.variant % 2 ? w * 0.22 : w * 0.78;
  p.glow(moonX, viewY(s, 0.16), u * 40, 'rgba(255,236,170,0.4)');
  art(s, 'full-moon', moonX, viewY(s, 0.16) + u * 11, u * 22);
  for (const [fx, fy, size] of [
    [0.15, 0.28, 7],
    [0.32, 0.18, 5],
    [0.62, 0.25, 6],
    [0.85, 0.33, 5],
  ] as const)
    art(s, 'bat', w * fx, viewY(s, fy), u * size, { flip: fx > 0.5 });
  ridge(s, s.horizon, u * 12, '#3a2547');
  alongHorizon(s, ['derelict-house'], [s.variant % 2 ? 0.78 : 0.22], u * 22);
  haze(s, '120,70,110', 0.4, s.horizon - u * 30, s.horizon + u * 5);
  grass(s, 270, 26);
  p.glow(w * 0.1, s.ground, u * 30, 'rgba(255,140,40,0.35)', 'screen');
  p.glow(w * 0.9, s.ground, u * 30, 'rgba(255,140,40,0.3)', 'screen');
  frame(s, s.variant % 2 ? 'leafless-tree' : 'ghost', 'right', u * 34, s.ground - u * 18, { crop: 0.3 });
  frame(s, 'jack-o-lantern', 'left', u * 36);
  frame(s, 'jack-o-lantern', 'right', u * 22, s.ground + u * 8);
  frame(s, 'owl', 'left', u * 16, s.ground - u * 34, { shadow: false });
  overhead(s, 'spider-web', w * 0.04, u * 8, u * 26);
  // A tall picture: bats crossing its high sky.
  if (tallness(p)) flock(s, 'bat', w * 0.3, h * 0.22, 3, u * 7);
  footOfPicture(s, ['candy', 'fallen-leaf'], 4);
}

/** A classroom: a chalkboard with doodles above the child, books, an apple, a globe. */
export function school(s: Stage): void {
  const { p, hue } = s;
  const { u, w } = p;
  wall(
    s,
    [45, 195, 100, 15][s.variant % 4] + (hue % 20),
    (['stripes', 'dots', 'diamonds'] as const)[s.variant % 3],
    86,
  );
  const bw = Math.min(w * 0.7, u * 90);
  const bx = (w - bw) / 2;
  const by = wallY(s, 0.1);
  const bh = wallY(s, 0.42) - s.view.top;
  p.roundRect(bx - u * 1.5, by - u * 1.5, bw + u * 3, bh + u * 3, u, '#a9753f');
  p.gradient(['#2f5d4a', '#24493a'], by, by + bh);
  p.roundRect(bx, by, bw, bh, u * 0.5, '#2e5a48');
  const chalk = 'rgba(255,255,255,0.8)';
  p.star(bx + bw * 0.18, by + bh * 0.3, u * 4, chalk);
  p.line(
    [
      [bx + bw * 0.35, by + bh * 0.35],
      [bx + bw * 0.45, by + bh * 0.2],
      [bx + bw * 0.55, by + bh * 0.35],
      [bx + bw * 0.65, by + bh * 0.2],
    ],
    chalk,
    u * 0.6,
  );
  p.circle(bx + bw * 0.82, by + bh * 0.3, u * 3.5, 'rgba(255,240,150,0.7)');
  p.line(
    [
      [bx + bw * 0.15, by + bh * 0.75],
      [bx + bw * 0.85, by + bh * 0.75],
    ],
    'rgba(255,255,255,0.35)',
    u * 0.4,
  );
  boards(s, 35, 58);
  alongHorizon(s, ['potted-plant'], [s.variant % 2 ? 0.06 : 0.94], u * 12);
  const cap = s.variant === 3;
  frame(s, 'books', 'left', u * 34);
  frame(s, cap ? 'scroll' : 'red-apple', 'left', u * 14, s.ground + u * 10);
  frame(s, s.variant % 2 ? 'backpack' : 'globe-showing-americas', 'right', u * 32);
  frame(s, 'pencil', 'right', u * 12, s.ground + u * 11, { rotate: 1.2, shadow: false });
  overhead(s, cap ? 'graduation-cap' : 'straight-ruler', w * 0.08, s.child.y * 0.6, u * 14, {
    rotate: cap ? -0.2 : 0.6,
  });
  overhead(s, cap ? 'trophy' : 'red-apple', w * 0.92, s.child.y * 0.6, u * 12, { rotate: -0.2 });
}
