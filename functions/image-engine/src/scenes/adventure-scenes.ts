/** Scenes of far-off places: the castle, space, under the sea, the beach and the stadium. */

import type { ArtName } from './art';
import { haze, lightSource, ridge, skyline } from './atmosphere';
import { hsl } from './painter';
import { alongHorizon, art, flock, frame, overhead, type Stage, strew, tallness, viewY } from './staging';
import { grass, moonDust, pitch, sand } from './surfaces';

export function castle(s: Stage): void {
  const { p, hue } = s;
  const { u, w, h } = p;
  p.gradient([hsl(hue + 250, 50, 28), hsl(hue + 300, 50, 58), hsl(hue + 340, 75, 84)], 0, s.horizon);
  for (let i = 0; i < 90; i++)
    p.star(
      p.random() * w,
      p.random() * s.horizon * 0.6,
      u * p.between(0.3, 0.9),
      'rgba(255,250,220,0.85)',
      p.random(),
    );
  lightSource(p, w * 0.15, viewY(s, 0.1), u * 4, '#fff6d5', 'rgba(255,240,210,0.4)');
  ridge(s, s.horizon - u * 6, u * 14, hsl(hue + 280, 25, 60));
  haze(s, '245,200,225', 0.5, 0, s.horizon);
  const castleSize = Math.min(w * (0.5 + 0.15 * tallness(p)), u * 48 * (1 + 0.3 * tallness(p)));
  art(s, 'castle', s.variant % 2 ? w * 0.3 : w * 0.7, s.horizon + u * 2, castleSize);
  ridge(s, s.horizon + u * 2, u * 5, hsl(125, 30, 42));
  grass(s, 130, 40);
  strew(s, 40, { x: 0, y: 0, w, h: s.horizon }, (x, y) => p.star(x, y, u * 0.8, 'rgba(255,240,180,0.8)'));
  const friends: ArtName[] = ['unicorn', 'dragon', 'unicorn', 'fairy', 'dragon'];
  frame(s, 'deciduous-tree', 'right', u * 70, s.ground - u * 2);
  frame(s, friends[s.variant % friends.length], 'left', u * 44, s.ground + u * 2);
  frame(s, 'mushroom', 'right', u * 18, s.ground + u * 10);
  overhead(s, s.variant === 4 ? 'dragon' : 'comet', w * 0.84, h * 0.12, u * 16, { flip: true });
}

export function space(s: Stage): void {
  const { p, hue } = s;
  const { u, w, h } = p;
  p.gradient([hsl(hue + 240, 60, 7), hsl(hue + 265, 55, 20), hsl(hue + 290, 45, 32)], 0, s.horizon);
  p.glow(w * 0.3, viewY(s, 0.3), u * 45, hsl(hue + 300, 70, 55, 0.25));
  p.glow(w * 0.75, viewY(s, 0.2), u * 35, hsl(hue + 200, 70, 55, 0.2));
  for (let i = 0; i < 260; i++)
    p.circle(p.random() * w, p.random() * s.horizon, u * p.between(0.08, 0.4), 'rgba(255,255,255,0.9)');
  overhead(s, 'ringed-planet', s.variant % 2 ? w * 0.18 : w * 0.82, h * 0.14, u * 32);
  art(s, 'comet', s.variant % 2 ? w * 0.8 : w * 0.2, viewY(s, 0.16), u * 14);
  art(s, 'full-moon', s.variant % 2 ? w * 0.62 : w * 0.4, viewY(s, 0.1), u * 7, { alpha: 0.9 });
  // A tall picture: a moon further down its deep sky, on the planet's other side.
  if (tallness(p))
    overhead(s, 'crescent-moon', s.variant % 2 ? w * 0.8 : w * 0.2, h * 0.27, u * 14, { rotate: 0.4 });
  moonDust(s, hue);
  const [rocketSide, otherSide] = s.variant % 2 ? (['left', 'right'] as const) : (['right', 'left'] as const);
  // Noto's rocket flies up to the right: turned upright, standing on its fins.
  frame(s, 'rocket', rocketSide, u * 50, s.ground - u * 2, { rotate: -Math.PI / 4, crop: 0.25 });
  frame(s, s.variant === 1 ? 'alien' : 'flying-saucer', otherSide, u * 30, s.ground - u * 22, {
    shadow: false,
  });
  frame(s, 'rock', otherSide, u * 18, s.ground + u * 9);
  frame(s, 'star', rocketSide, u * 10, s.ground + u * 11, { shadow: false });
  haze(s, '150,120,220', 0.25, s.horizon - u * 8, s.horizon + u * 8);
}

export function ocean(s: Stage): void {
  const { p, hue } = s;
  const { u, w, h } = p;
  p.gradient([hsl(190 + (hue % 15), 75, 60), hsl(200, 70, 40), hsl(210, 70, 28)], 0, h);
  // Sunbeams slanting down through the water.
  for (let i = 0; i < 6; i++) {
    const x = w * (0.1 + i * 0.17);
    p.ctx.fillStyle = 'rgba(255,255,255,0.08)';
    p.ctx.beginPath();
    p.ctx.moveTo(x, 0);
    p.ctx.lineTo(x + u * 6, 0);
    p.ctx.lineTo(x + u * 30, h);
    p.ctx.lineTo(x + u * 12, h);
    p.ctx.fill();
  }
  ridge(s, s.horizon, u * 12, hsl(200, 45, 35));
  haze(s, '60,150,190', 0.6, s.horizon - u * 20, s.horizon + u * 4);
  alongHorizon(s, ['coral', 'coral'], [0.12, 0.3, 0.72, 0.88], u * 16, { tint: { hue: 40 } });
  const swimmers: ArtName[] = ['spouting-whale', 'dolphin', 'spouting-whale'];
  art(s, swimmers[s.variant % 3], s.variant % 2 ? w * 0.28 : w * 0.72, viewY(s, 0.24), u * 30, {
    alpha: 0.8,
    flip: s.variant % 2 === 1,
  });
  sand(s, 42);
  frame(s, 'coral', 'left', u * 46);
  frame(s, 'octopus', 'right', u * 34, s.ground + u * 4, { crop: 0.25 });
  frame(s, 'crab', 'right', u * 14, s.ground + u * 11);
  frame(s, 'spiral-shell', 'left', u * 14, s.ground + u * 11);
  overhead(s, 'tropical-fish', w * 0.12, h * 0.22, u * 14);
  overhead(s, 'tropical-fish', w * 0.2, h * 0.1, u * 8, { tint: { hue: 160 } });
  overhead(s, 'blowfish', w * 0.88, h * 0.3, u * 12, { flip: true });
  // A tall picture: a school of little fish crossing the deep water above.
  if (tallness(p)) flock(s, 'tropical-fish', w * 0.62, h * 0.07, 5, u * 6);
  strew(s, 45, { x: 0, y: 0, w, h: s.ground }, (x, y) => {
    p.ctx.strokeStyle = 'rgba(255,255,255,0.45)';
    p.ctx.lineWidth = u * 0.25;
    p.ctx.beginPath();
    p.ctx.arc(x, y, u * p.between(0.4, 1.2), 0, Math.PI * 2);
    p.ctx.stroke();
  });
}

export function beach(s: Stage): void {
  const { p } = s;
  const { u, w, h } = p;
  p.gradient([hsl(200, 80, 62), '#e6f7ff'], 0, s.horizon);
  lightSource(p, w * 0.82, viewY(s, 0.1), u * 6, '#fffbe0', 'rgba(255,241,168,0.5)');
  const t = tallness(p);
  for (let i = 0; i < 2 + 2 * t; i++)
    art(s, 'cloud', w * p.between(0.1, 0.9), h * p.between(0.1, 0.25 + 0.15 * t), u * 14 * (1 + 0.5 * t), {
      alpha: 0.9,
    });
  // A tall picture: a kite flown from the beach, high over the sea.
  if (t) overhead(s, 'kite', s.variant % 2 ? w * 0.8 : w * 0.2, h * 0.2, u * 16, { rotate: 0.3 });
  // The sea: a band from the horizon down, sparkling, with foam along the shore.
  const sea = s.horizon - u * 14;
  p.gradient(['#6cc6e6', '#2f9fd0'], sea, s.horizon + u);
  for (let i = 0; i < 60; i++)
    p.roundRect(
      p.random() * w,
      sea + p.random() * u * 14,
      u * p.between(1, 3),
      u * 0.3,
      u * 0.2,
      'rgba(255,255,255,0.7)',
    );
  art(s, 'sailboat', s.variant % 2 ? w * 0.2 : w * 0.78, sea + u * 4, u * 9, { alpha: 0.85 });
  haze(s, '230,247,255', 0.35, sea - u * 10, sea + u * 6);
  sand(s, 42);
  p.line(
    Array.from(
      { length: 21 },
      (_, i) => [(w * i) / 20, s.horizon + Math.sin(i) * u * 0.6] as [number, number],
    ),
    'rgba(255,255,255,0.9)',
    u * 0.8,
  );
  // A striped towel laid on the sand beside the child.
  p.ctx.save();
  p.ctx.translate(s.child.x - u * 8, s.ground - u * 2);
  p.ctx.transform(1, 0, -0.45, 0.35, 0, 0);
  for (let i = 0; i < 5; i++)
    p.roundRect(
      i * u * 4,
      0,
      u * 4,
      u * 26,
      i === 0 || i === 4 ? u : 0,
      i % 2 ? '#ffffff' : hsl(s.hue + 190, 70, 55),
    );
  p.ctx.restore();
  for (const [fx, fy, size] of [
    [0.3, 0.16, 5],
    [0.38, 0.2, 4],
    [0.62, 0.12, 4.5],
  ] as const)
    art(s, 'bird', w * fx, viewY(s, fy), u * size, { flip: fx > 0.5 });
  frame(s, 'palm-tree', 'right', u * 80, s.ground - u * 2, { crop: 0.3 });
  // Low, so that the bottom edge hides most of the patch of sand the umbrella comes with.
  frame(s, 'umbrella-on-ground', 'left', u * 50, s.ground + u * 14);
  frame(s, s.variant % 2 ? 'crab' : 'bucket', 'right', u * 16, s.ground + u * 10);
  frame(s, 'spiral-shell', 'right', u * 10, s.ground - u * 4);
}

export function sports(s: Stage): void {
  const { p, hue } = s;
  const { u, w } = p;
  p.gradient([hsl(210, 60, 40 + (hue % 10)), hsl(205, 60, 78)], 0, s.horizon);
  // The stands: a bank of tiny coloured fans, rising higher in a tall picture.
  const stands = u * 16 * (1 + 0.9 * tallness(p));
  skyline(s, s.horizon - stands + u * 2, '#5b6a86', '#ffe9a8');
  p.roundRect(0, s.horizon - stands, w, stands, 0, hsl(hue + 210, 25, 38));
  for (let i = 0; i < (500 * stands) / (u * 16); i++)
    p.circle(
      p.random() * w,
      s.horizon - u - p.random() * (stands - u * 2),
      u * 0.55,
      hsl(p.between(0, 360), 55, 62),
    );
  haze(s, '220,235,250', 0.45, s.horizon - stands - u * 14, s.horizon);
  for (const fx of [0.08, 0.92]) {
    p.roundRect(w * fx - u * 0.5, s.horizon - stands - u * 24, u, u * 26, 0, '#c9d2e0');
    p.roundRect(w * fx - u * 4, s.horizon - stands - u * 27, u * 8, u * 4, u * 0.5, '#fdfbe8');
    p.glow(w * fx, s.horizon - stands - u * 25, u * 26, 'rgba(255,250,220,0.55)', 'screen');
  }
  pitch(s);
  alongHorizon(s, ['goal-net'], [0.5], Math.min(w * 0.4, u * 34));
  frame(s, 'soccer-ball', 'right', u * 22, s.ground + u * 7);
  frame(s, 'triangular-flag', 'left', u * 30, s.ground - u * 10, { crop: 0.3, flip: true });
  frame(s, s.variant % 2 ? 'trophy' : '1st-place-medal', 'left', u * 20, s.ground + u * 9, { crop: 0 });
  // A tall picture: the ball high in the air, kicked over the stands.
  if (tallness(p)) overhead(s, 'soccer-ball', w * (s.variant % 2 ? 0.24 : 0.76), p.h * 0.12, u * 10);
  strew(s, 50, { x: 0, y: 0, w, h: s.horizon - u * 20 }, (x, y) =>
    p.roundRect(x, y, u * 0.7, u * 1.4, u * 0.2, hsl(p.between(0, 360), 80, 62)),
  );
}
