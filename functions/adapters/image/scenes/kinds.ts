/**
 * The kinds of scene the generator draws. Each keeps its middle calm, where the child will stand
 * (the templates' safe area), and puts its props at the sides and in the sky. `hue` shifts a
 * variant's colours so a library of one kind does not repeat itself.
 */
import { ball, books, chalkboard, goal, house, planet, rocket } from './activity-props';
import { barn, cow, fence, fish, mountain, seaweed, sheep, tent, whale } from './nature-props';
import { type Box, hsl, type Painter } from './painter';
import {
  balloon,
  bat,
  bunting,
  butterfly,
  cake,
  castle,
  firTree,
  flower,
  leafyTree,
  present,
  pumpkin,
  snowman,
} from './props';

export const SCENE_KINDS = [
  'party',
  'christmas',
  'snow',
  'castle',
  'space',
  'halloween',
  'farm',
  'ocean',
  'spring',
  'park',
  'beach',
  'sports',
  'autumn',
  'school',
  'home',
  'mountains',
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

/** The box the child stands in: what scattered props keep clear of. */
const childBox = (p: Painter): Box => ({ x: p.w * 0.25, y: p.h * 0.3, w: p.w * 0.5, h: p.h * 0.7 });
const side = (p: Painter, where: -1 | 1, inset = 0.13) => (where < 0 ? p.w * inset : p.w * (1 - inset));

const draw: Record<SceneKind, (p: Painter, hue: number) => void> = {
  party(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(hue + 200, 70, 88), hsl(hue + 330, 70, 92)]);
    p.ground(h * 0.82, hsl(hue + 30, 45, 78), hsl(hue + 20, 40, 66), 0.3);
    bunting(p, 0, w, h * 0.06, h * 0.06, [hue, hue + 60, hue + 140, hue + 220]);
    p.scatter(70, { x: 0, y: 0, w, h }, childBox(p), (x, y) =>
      p.roundRect(x, y, u * 0.8, u * 1.6, u * 0.2, hsl(p.between(0, 360), 80, 65)),
    );
    for (const [x, y, r] of [
      [0.1, 0.3, 9],
      [0.2, 0.18, 8],
      [0.88, 0.26, 9.5],
      [0.93, 0.42, 7],
      [0.78, 0.13, 7.5],
    ] as const) {
      balloon(p, w * x, h * y, u * r, hue + p.between(0, 360));
    }
    p.roundRect(w * 0.7, h * 0.8, w * 0.32, u * 1.5, u * 0.5, hsl(hue + 20, 30, 55));
    cake(p, w * 0.86, h * 0.8, u * 18, hue + 300);
    present(p, w * 0.1, h * 0.88, u * 12, hue + 120);
    present(p, w * 0.22, h * 0.91, u * 8, hue + 200);
  },
  christmas(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(222, 55, 18 + (hue % 10)), hsl(230, 45, 38)]);
    p.glow(w * 0.82, h * 0.12, u * 5, '#fdf6d8', 'rgba(255,250,220,0.35)');
    p.ground(h * 0.8, '#f4f8ff', '#d7e3f3', 1);
    firTree(p, side(p, -1, 0.16), h * 0.84, h * 0.42, '#2f7a4a', true);
    firTree(p, side(p, 1, 0.1), h * 0.82, h * 0.22, '#276a40', false);
    present(p, w * 0.3, h * 0.9, u * 10, hue);
    present(p, w * 0.86, h * 0.92, u * 11, hue + 120);
    p.scatter(160, { x: 0, y: 0, w, h }, null, (x, y) =>
      p.circle(x, y, u * p.between(0.25, 0.7), 'rgba(255,255,255,0.85)'),
    );
  },
  snow(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(200 + (hue % 20), 60, 72), hsl(205, 55, 90)]);
    p.hill(w * 0.15, h * 0.62, w * 0.9, '#e9f1fb');
    p.hill(w * 0.9, h * 0.66, w * 0.8, '#dfe9f6');
    p.ground(h * 0.8, '#fbfdff', '#e3ecf7', 1);
    firTree(p, side(p, 1, 0.1), h * 0.72, h * 0.2, '#3d7d5a', false);
    firTree(p, side(p, 1, 0.2), h * 0.7, h * 0.14, '#356f50', false);
    snowman(p, side(p, -1, 0.14), h * 0.9, u * 11);
    p.scatter(200, { x: 0, y: 0, w, h }, null, (x, y) =>
      p.circle(x, y, u * p.between(0.25, 0.8), 'rgba(255,255,255,0.9)'),
    );
  },
  castle(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(hue + 260, 55, 30), hsl(hue + 300, 55, 60), hsl(hue + 340, 70, 82)]);
    p.scatter(90, { x: 0, y: 0, w, h: h * 0.5 }, null, (x, y) =>
      p.star(x, y, u * p.between(0.4, 1.2), 'rgba(255,250,220,0.9)', p.random()),
    );
    p.glow(w * 0.18, h * 0.12, u * 6, '#fff6d5', 'rgba(255,246,213,0.4)');
    castle(p, w * 0.5, h * 0.62, w * 0.7, hsl(hue + 260, 20, 72), hsl(hue + 320, 50, 55));
    p.hill(w * 0.2, h * 0.66, w * 1.1, hsl(hue + 140, 35, 45));
    p.hill(w * 0.85, h * 0.7, w * 0.9, hsl(hue + 150, 35, 40));
    p.ground(h * 0.84, hsl(hue + 140, 35, 42), hsl(hue + 140, 35, 30), 0.5);
  },
  space(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(hue + 240, 60, 8), hsl(hue + 260, 55, 22)]);
    p.scatter(260, { x: 0, y: 0, w, h }, null, (x, y) =>
      p.circle(x, y, u * p.between(0.1, 0.45), 'rgba(255,255,255,0.9)'),
    );
    planet(p, w * 0.84, h * 0.16, u * 10, hue + 20, true);
    planet(p, w * 0.12, h * 0.35, u * 5, hue + 180, false);
    rocket(p, w * 0.14, h * 0.14, u * 8);
    p.ground(h * 0.84, hsl(hue + 230, 15, 60), hsl(hue + 230, 15, 40), 2);
    for (let i = 0; i < 6; i++)
      p.circle(p.between(0, w), h * p.between(0.88, 0.98), u * p.between(1, 3), hsl(hue + 230, 12, 48));
  },
  halloween(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(270 + (hue % 20), 45, 16), hsl(285, 40, 34), hsl(25, 70, 55)]);
    p.glow(w * 0.8, h * 0.16, u * 9, '#fbe7a1', 'rgba(251,231,161,0.4)');
    for (const [x, y, s] of [
      [0.15, 0.15, 5],
      [0.3, 0.1, 3.5],
      [0.68, 0.26, 4],
    ] as const)
      bat(p, w * x, h * y, u * s);
    p.ground(h * 0.82, '#3b2a3f', '#22172a', 0.8);
    fence(p, 0, w, h * 0.84, u * 9, '#2a1f33');
    pumpkin(p, side(p, -1, 0.13), h * 0.95, u * 11, true);
    pumpkin(p, side(p, 1, 0.11), h * 0.96, u * 9, true);
    pumpkin(p, side(p, 1, 0.24), h * 0.97, u * 6, false);
  },
  farm(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(200, 70, 70 + (hue % 8)), hsl(195, 70, 90)]);
    p.glow(w * 0.15, h * 0.1, u * 5, '#fff3b0', 'rgba(255,240,170,0.55)');
    p.cloud(w * 0.7, h * 0.12, u * 5);
    p.hill(w * 0.8, h * 0.6, w * 1.1, '#8fc96b');
    barn(p, w * 0.85, h * 0.66, u * 22);
    p.ground(h * 0.74, '#7dbb57', '#5f9c42', 0.8);
    fence(p, 0, w * 0.3, h * 0.8, u * 7, '#f3eee4');
    sheep(p, side(p, -1, 0.13), h * 0.94, u * 16);
    cow(p, side(p, 1, 0.16), h * 0.96, u * 18);
  },
  ocean(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(195 + (hue % 15), 75, 62), hsl(205, 70, 32)]);
    p.ground(h * 0.88, '#e9d49c', '#d6bb78', 1.2);
    seaweed(p, w * 0.06, h * 0.92, h * 0.25);
    seaweed(p, w * 0.94, h * 0.92, h * 0.3);
    whale(p, w * 0.78, h * 0.18, u * 11);
    fish(p, w * 0.12, h * 0.45, u * 3.5, hue + 20, 1);
    fish(p, w * 0.88, h * 0.55, u * 3, hue + 160, -1);
    fish(p, w * 0.16, h * 0.7, u * 2.5, hue + 300, 1);
    p.scatter(40, { x: 0, y: 0, w, h: h * 0.85 }, childBox(p), (x, y) =>
      p.circle(x, y, u * p.between(0.4, 1.1), 'rgba(255,255,255,0.35)'),
    );
  },
  spring(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(195, 70, 78), hsl(60, 80, 92)]);
    p.cloud(w * 0.2, h * 0.12, u * 4.5);
    p.cloud(w * 0.82, h * 0.2, u * 3.5);
    p.hill(w * 0.25, h * 0.66, w, '#a7d98a');
    p.ground(h * 0.76, '#93cd73', '#6fae52', 0.6);
    p.scatter(60, { x: 0, y: h * 0.78, w, h: h * 0.2 }, childBox(p), (x, y) =>
      flower(p, x, y, u * p.between(0.9, 1.5), hue + p.between(0, 120)),
    );
    butterfly(p, w * 0.12, h * 0.4, u * 3.5, hue + 280);
    butterfly(p, w * 0.86, h * 0.34, u * 3, hue + 30);
    leafyTree(p, side(p, 1, 0.06), h * 0.78, h * 0.3, ['#f7c6d9', '#f3b0c8', '#fbd8e5']);
  },
  park(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(205, 70, 70), hsl(200, 65, 92)]);
    p.cloud(w * 0.25, h * 0.1, u * 5);
    p.cloud(w * 0.78, h * 0.16, u * 4);
    p.ground(h * 0.72, '#8ccf6a', '#62a447', 0.5);
    p.polygon(
      [
        [w * 0.42, h * 0.72],
        [w * 0.58, h * 0.72],
        [w * 0.8, h],
        [w * 0.2, h],
      ],
      '#e8d8b0',
    );
    leafyTree(p, side(p, -1, 0.1), h * 0.8, h * 0.38, [
      hsl(110 + (hue % 20), 45, 40),
      hsl(120, 45, 46),
      hsl(100, 50, 36),
    ]);
    leafyTree(p, side(p, 1, 0.1), h * 0.76, h * 0.3, [hsl(130, 45, 40), hsl(115, 45, 48)]);
    p.roundRect(w * 0.78, h * 0.86, u * 16, u * 1.6, u * 0.4, '#8a5a34');
    p.roundRect(w * 0.78, h * 0.82, u * 16, u * 1.4, u * 0.4, '#8a5a34');
  },
  beach(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(200, 80, 64 + (hue % 8)), hsl(190, 70, 88)]);
    p.glow(w * 0.82, h * 0.12, u * 6, '#fff1a8', 'rgba(255,241,168,0.6)');
    p.ctx.fillStyle = '#2f9fd0';
    p.ctx.fillRect(0, h * 0.58, w, h * 0.16);
    p.ground(h * 0.72, '#f2dca4', '#e6c786', 0.8);
    const x = side(p, -1, 0.14);
    p.line(
      [
        [x, h * 0.95],
        [x + u * 3, h * 0.55],
      ],
      '#f5f5f5',
      u * 0.8,
    );
    p.ctx.fillStyle = hsl(hue, 80, 60);
    p.ctx.beginPath();
    p.ctx.ellipse(x + u * 3, h * 0.56, u * 15, u * 7, 0.15, Math.PI, 0);
    p.ctx.fill();
    ball(p, side(p, 1, 0.12), h * 0.9, u * 4);
    for (let i = 0; i < 4; i++)
      p.circle(p.between(w * 0.05, w * 0.95), h * p.between(0.9, 0.98), u * 0.8, '#f7e7d6');
  },
  sports(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(210, 60, 55 + (hue % 10)), hsl(205, 60, 85)]);
    p.roundRect(0, h * 0.34, w, h * 0.16, 0, hsl(hue + 200, 25, 45));
    p.scatter(140, { x: 0, y: h * 0.35, w, h: h * 0.14 }, null, (x, y) =>
      p.circle(x, y, u * 0.7, hsl(p.between(0, 360), 55, 65)),
    );
    for (let i = 0; i < 6; i++) {
      p.ctx.fillStyle = i % 2 ? '#5fae4a' : '#67b852';
      p.ctx.fillRect(0, h * 0.5 + (i * h * 0.5) / 6, w, (h * 0.5) / 6 + 1);
    }
    goal(p, w * 0.5, h * 0.56, w * 0.55);
    p.line(
      [
        [0, h * 0.78],
        [w, h * 0.78],
      ],
      'rgba(255,255,255,0.7)',
      u * 0.6,
    );
    ball(p, side(p, 1, 0.14), h * 0.9, u * 4.5);
    p.glow(w * 0.1, h * 0.1, u * 3, '#fffbe6', 'rgba(255,251,230,0.6)');
    p.glow(w * 0.9, h * 0.1, u * 3, '#fffbe6', 'rgba(255,251,230,0.6)');
  },
  autumn(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(30 + (hue % 10), 70, 78), hsl(45, 80, 90)]);
    p.hill(w * 0.7, h * 0.64, w, '#d9a45b');
    p.ground(h * 0.76, '#c98a3f', '#a86c2c', 0.6);
    const leaves = ['#e0672b', '#f0a030', '#c7402a', '#f5c342'];
    leafyTree(p, side(p, -1, 0.1), h * 0.8, h * 0.42, leaves);
    leafyTree(p, side(p, 1, 0.08), h * 0.78, h * 0.32, leaves);
    p.scatter(70, { x: 0, y: 0, w, h }, childBox(p), (x, y) => {
      p.ctx.fillStyle = p.pick(leaves);
      p.ctx.beginPath();
      p.ctx.ellipse(x, y, u * 1.2, u * 0.6, p.random() * Math.PI, 0, Math.PI * 2);
      p.ctx.fill();
    });
  },
  school(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(45 + (hue % 20), 60, 90), hsl(40, 50, 82)]);
    p.roundRect(0, h * 0.8, w, h * 0.2, 0, '#c49a6c');
    for (let i = 0; i < 8; i++)
      p.line(
        [
          [0, h * (0.82 + i * 0.025)],
          [w, h * (0.82 + i * 0.025)],
        ],
        'rgba(120,80,40,0.25)',
        u * 0.2,
      );
    chalkboard(p, w * 0.5, h * 0.06, Math.min(w * 0.62, u * 70));
    books(p, side(p, -1, 0.12), h * 0.9, u * 14);
    bunting(p, 0, w, h * 0.02, h * 0.02, [hue, hue + 90, hue + 180, hue + 270]);
    p.roundRect(side(p, 1, 0.16) - u * 4, h * 0.7, u * 8, u * 12, u, hsl(hue + 200, 60, 60));
    for (let i = 0; i < 4; i++)
      p.roundRect(
        side(p, 1, 0.16) - u * 3 + i * u * 1.6,
        h * 0.62,
        u,
        u * 8,
        u * 0.3,
        hsl(hue + i * 80, 70, 60),
      );
  },
  home(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(205, 70, 72), hsl(35, 80, 90)]);
    p.glow(w * 0.85, h * 0.1, u * 5, '#fff3b0', 'rgba(255,240,170,0.55)');
    p.cloud(w * 0.3, h * 0.14, u * 4);
    house(p, w * 0.5, h * 0.62, w * 0.6, hsl(hue + 30, 50, 85), hsl(hue + 5, 55, 50));
    p.ground(h * 0.7, '#8dcb69', '#67a84a', 0.4);
    fence(p, 0, w * 0.24, h * 0.78, u * 6, '#ffffff');
    fence(p, w * 0.76, w, h * 0.78, u * 6, '#ffffff');
    p.scatter(40, { x: 0, y: h * 0.82, w, h: h * 0.16 }, childBox(p), (x, y) =>
      flower(p, x, y, u, hue + p.between(0, 200)),
    );
  },
  mountains(p, hue) {
    const { w, h, u } = p;
    p.sky([hsl(25 + (hue % 15), 80, 70), hsl(330, 45, 78), hsl(210, 55, 80)]);
    p.glow(w * 0.5, h * 0.45, u * 7, '#fff1c9', 'rgba(255,230,180,0.5)');
    mountain(p, w * 0.2, h * 0.72, w * 0.9, h * 0.4, '#7d8fb3', true);
    mountain(p, w * 0.82, h * 0.72, w * 0.8, h * 0.48, '#6a7ca3', true);
    p.ground(h * 0.72, '#5f8f5a', '#3f6b3d', 0.8);
    firTree(p, side(p, -1, 0.06), h * 0.86, h * 0.2, '#2f5e38', false);
    firTree(p, side(p, 1, 0.06), h * 0.88, h * 0.24, '#2b5634', false);
    tent(p, side(p, 1, 0.2), h * 0.82, u * 16, hue + 20);
  },
};

export function drawScene(p: Painter, kind: SceneKind, hue: number): void {
  draw[kind](p, hue);
  p.vignette(0.22);
}
