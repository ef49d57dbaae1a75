/**
 * Where things go in a scene. A Stage knows the horizon, the ground line the child stands on and the
 * child's space (the template's safe area, in pixels); near props are placed around that space,
 * never over it, and are recorded so the tests can hold every scene to it.
 */
import { type ArtName, artImage, type Tint } from './art';
import { type Box, overlaps, type Painter } from './painter';

export type Stage = {
  p: Painter;
  hue: number;
  /** Which of a family's scenes this is: picks among a kind's compositions. */
  variant: number;
  /** Where the far ground meets the sky or the wall, in pixels. */
  horizon: number;
  /** The line the child's feet rest on, in pixels. */
  ground: number;
  /**
   * The part of the picture composed as a whole scene (pixels down): all of it, or in a tall picture
   * the square around the ground line that the square Moments canvas shows (coverCrop); the sky or
   * wall above that square is the tall picture's own.
   */
  view: { top: number; height: number };
  /** The child's space: nothing near covers it. */
  child: Box;
  /** The boxes of the near props drawn so far. */
  near: Box[];
};

type ArtOptions = {
  flip?: boolean;
  rotate?: number;
  alpha?: number;
  shadow?: boolean;
  /** Recolours a prop (autumn trees, balloons of every colour). */
  tint?: Tint;
  /** How much of a framing prop may run off the picture's edge (trees: half; animals: less). */
  crop?: number;
};

/** An illustration of `size` pixels, centred on x, its bottom on `base` (its feet, for a prop). */
export function art(s: Stage, name: ArtName, x: number, base: number, size: number, o: ArtOptions = {}): Box {
  const { ctx } = s.p;
  // Noto draws inside a padded square: its feet sit about 4 % above the square's bottom.
  const top = base - size * 0.96;
  if (o.shadow) contactShadow(s, x, base, size * 0.42);
  ctx.save();
  ctx.globalAlpha = o.alpha ?? 1;
  ctx.translate(x, top + size / 2);
  if (o.rotate) ctx.rotate(o.rotate);
  if (o.flip) ctx.scale(-1, 1);
  ctx.drawImage(artImage(name, o.tint), -size / 2, -size / 2, size, size);
  ctx.restore();
  return { x: x - size / 2, y: top, w: size, h: size };
}

/** The soft dark ellipse that seats a prop on the ground. */
export function contactShadow(s: Stage, x: number, y: number, rx: number): void {
  const { ctx } = s.p;
  const g = ctx.createRadialGradient(x, y, 0, x, y, rx);
  g.addColorStop(0, 'rgba(20,15,30,0.32)');
  g.addColorStop(1, 'rgba(20,15,30,0)');
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(1, 0.22);
  ctx.translate(-x, -y);
  ctx.fillStyle = g;
  ctx.fillRect(x - rx, y - rx, rx * 2, rx * 2);
  ctx.restore();
}

/**
 * A near prop framing one side of the child: as large as asked, but shrunk until it fits beside the
 * child's space, letting up to half of it (o.crop) run off the edge of the picture. Noto's animals
 * face left: one on the left is mirrored to face the child (nothing else is: a medal's numbers and a
 * globe's continents would read backwards).
 */
export function frame(
  s: Stage,
  name: ArtName,
  side: 'left' | 'right',
  size: number,
  base = s.ground + s.p.u * 4,
  o: ArtOptions = {},
): Box {
  const room = side === 'left' ? s.child.x : s.p.w - (s.child.x + s.child.w);
  const fitted = Math.min(size, (room - s.p.u) / (1 - (o.crop ?? 0.5)));
  const x = side === 'left' ? s.child.x - s.p.u - fitted / 2 : s.child.x + s.child.w + s.p.u + fitted / 2;
  return nearProp(s, name, x, base, fitted, {
    shadow: true,
    flip: side === 'left' && FACES_LEFT.has(name),
    ...o,
  });
}

const FACES_LEFT: ReadonlySet<ArtName> = new Set<ArtName>([
  'baby-chick',
  'chicken',
  'chipmunk',
  'cow',
  'dog',
  'dragon',
  'duck',
  'ewe',
  'hedgehog',
  'horse',
  'pig',
  'unicorn',
]);

/**
 * A near prop above the child's head (balloons, a kite, a planet): larger in a tall picture, whose
 * sky has more room, and shrunk to stay above the child.
 */
export function overhead(
  s: Stage,
  name: ArtName,
  x: number,
  y: number,
  size: number,
  o: ArtOptions = {},
): Box {
  // The picture's box runs 48 % of its size above its centre and 52 % below.
  const fitted = Math.min(size * (s.p.h / s.p.w) ** 0.6, (s.child.y - s.p.u - y) / 0.52);
  return nearProp(s, name, x, y + fitted * 0.48, fitted, o);
}

/** Any near prop: drawn only if it keeps clear of the child's space. */
export function nearProp(
  s: Stage,
  name: ArtName,
  x: number,
  base: number,
  size: number,
  o: ArtOptions = {},
): Box {
  const box = { x: x - size / 2, y: base - size * 0.96, w: size, h: size };
  if (size <= 0 || overlaps(box, s.child)) return box;
  s.near.push(box);
  return art(s, name, x, base, size, o);
}

/**
 * Small things (confetti, snowflakes, leaves, bubbles) strewn over the picture but not over the
 * child's space.
 */
export function strew(s: Stage, count: number, area: Box, draw: (x: number, y: number) => void): void {
  const { p } = s;
  for (let i = 0; i < count; i++) {
    const x = area.x + p.random() * area.w;
    const y = area.y + p.random() * area.h;
    if (x > s.child.x && x < s.child.x + s.child.w && y > s.child.y && y < s.child.y + s.child.h) continue;
    draw(x, y);
  }
}

/**
 * The nearest layer: small things along the bottom edge, cut by it, in front of everything (under
 * the child's feet too, since they lie below the ground line).
 */
export function footOfPicture(s: Stage, names: readonly ArtName[], count: number): void {
  const { p } = s;
  const size = (p.h - s.ground) * 0.9;
  for (let i = 0; i < count; i++) {
    const x = ((i + p.between(0.2, 0.8)) / count) * p.w;
    nearProp(s, p.pick(names), x, p.h + size * p.between(0.25, 0.4), size * p.between(0.7, 1), {
      flip: p.random() < 0.5,
      rotate: p.between(-0.2, 0.2),
    });
  }
}

/** A fraction of the way down the scene's view (Stage.view): where its landmarks go. */
export const viewY = (s: Stage, f: number) => s.view.top + s.view.height * f;

/** A fraction of the way from the view's top down to the horizon: a window on the wall, a chalkboard. */
export const wallY = (s: Stage, f: number) => s.view.top + (s.horizon - s.view.top) * f;

/** 0 for a picture up to 4:5, rising to 1 at 9:16 (and beyond): how much "tall" composing it needs. */
export const tallness = (p: { w: number; h: number }) =>
  Math.min(1, Math.max(0, (p.h / p.w - 1.3) / (16 / 9 - 1.3)));

/**
 * The upper sky of a tall picture: `count` things (birds, bats, fish) in a loose flock from (x, y),
 * drifting down-wards away from the picture's centre line, each kept clear of the child's space.
 */
export function flock(s: Stage, name: ArtName, x: number, y: number, count: number, size: number): void {
  const { p } = s;
  const away = x < p.w / 2 ? -1 : 1;
  for (let i = 0; i < count; i++) {
    const scale = p.between(0.6, 1.1) * (1 - i * 0.08);
    overhead(
      s,
      name,
      x + away * i * size * p.between(0.9, 1.5),
      y + i * size * p.between(0.3, 0.8),
      size * scale,
      {
        flip: away > 0,
        rotate: p.between(-0.15, 0.15),
      },
    );
  }
}

/** Mid-distance props along the horizon at the given fractions of the width. */
export function alongHorizon(
  s: Stage,
  names: readonly ArtName[],
  xs: readonly number[],
  size: number,
  o: ArtOptions = {},
): void {
  for (const [i, fx] of xs.entries()) {
    const scale = s.p.between(0.8, 1.15);
    art(s, names[i % names.length], s.p.w * fx, s.horizon + s.p.u * s.p.between(1, 4), size * scale, {
      shadow: true,
      flip: s.p.random() < 0.5,
      ...o,
    });
  }
}
