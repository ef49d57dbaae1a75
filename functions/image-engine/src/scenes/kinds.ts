/**
 * The kinds of scene the generator draws, each composed in layers: a sky or a wall, far hills or a
 * skyline paled by haze, mid props along the horizon, the ground the child stands on, near props
 * framing the child's space from the sides and above, and the light over it all. Every kind has a
 * ground line, reported with the scene so the keepsake stands the child on it.
 */
import { GROUND_IN_VIEW } from '@shared/rules/placement';
import { beach, castle, ocean, space, sports } from './adventure-scenes';
import { finish } from './atmosphere';
import { christmas, halloween, party, school } from './celebration-scenes';
import { autumn, farm, home, mountains, park, snow, spring } from './nature-scenes';
import type { Box, Painter } from './painter';
import { type Stage, viewY } from './staging';

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

type KindSpec = {
  draw: (s: Stage) => void;
  /** Where the far ground (or the floor) begins, as a fraction of the height. */
  horizon: number;
  /** Where the light comes from, as fractions of the width and height, and its colour. */
  light: readonly [number, number, string];
};

const WARM = 'rgba(255,214,150,0.55)';
const COOL = 'rgba(170,190,255,0.45)';
const DAY = 'rgba(255,240,200,0.5)';

const KINDS: Record<SceneKind, KindSpec> = {
  party: { draw: party, horizon: 0.64, light: [0.15, 0.15, WARM] },
  christmas: { draw: christmas, horizon: 0.64, light: [0.2, 0.4, WARM] },
  snow: { draw: snow, horizon: 0.6, light: [0.8, 0.1, DAY] },
  castle: { draw: castle, horizon: 0.62, light: [0.15, 0.1, 'rgba(255,200,230,0.5)'] },
  space: { draw: space, horizon: 0.66, light: [0.8, 0.14, COOL] },
  halloween: { draw: halloween, horizon: 0.64, light: [0.78, 0.16, 'rgba(255,190,120,0.45)'] },
  farm: { draw: farm, horizon: 0.6, light: [0.15, 0.1, DAY] },
  ocean: { draw: ocean, horizon: 0.7, light: [0.5, 0, 'rgba(200,255,255,0.45)'] },
  spring: { draw: spring, horizon: 0.62, light: [0.85, 0.1, DAY] },
  park: { draw: park, horizon: 0.6, light: [0.2, 0.1, DAY] },
  beach: { draw: beach, horizon: 0.62, light: [0.82, 0.1, DAY] },
  sports: { draw: sports, horizon: 0.58, light: [0.08, 0.2, DAY] },
  autumn: { draw: autumn, horizon: 0.62, light: [0.75, 0.1, WARM] },
  school: { draw: school, horizon: 0.64, light: [0.1, 0.1, DAY] },
  home: { draw: home, horizon: 0.62, light: [0.85, 0.1, DAY] },
  mountains: { draw: mountains, horizon: 0.6, light: [0.5, 0.4, WARM] },
};

/**
 * The child's feet rest here in every kind (a fraction of the height): on the near ground, where a
 * square view of a taller scene puts it too (GROUND_IN_VIEW).
 */
export const GROUND_Y = GROUND_IN_VIEW;

export type DrawnScene = {
  /** Where the child stands, as a fraction of the height (null for a scene with no ground). */
  groundY: number | null;
  /** Where the far ground meets the sky or the wall, as a fraction of the height. */
  horizon: number;
  /** The near props' boxes, in pixels: none covers the child's space. */
  near: readonly Box[];
};

/**
 * The part of a picture composed as a whole scene: all of a square or wide one; in a taller one
 * (4:5, 9:16) the square around its ground line that the square Moments canvas shows (coverCrop,
 * GROUND_IN_VIEW), so that square holds the horizon, the window, the castle and the sun, not a
 * floor under an empty wall (measured: at a horizon lifted by 9 % of the height, a 9:16 room's
 * square showed 29 % wall and 71 % floor, its window above the top; a 4:5 square lost its sun, its
 * bunting and the top of its window). What lies above is the taller picture's own sky or wall.
 */
export function viewOf(p: Pick<Painter, 'w' | 'h'>, ground: number): Stage['view'] {
  const top = Math.max(0, ground - GROUND_IN_VIEW * p.w);
  return { top, height: (ground - top) / GROUND_IN_VIEW };
}

/** Draws a scene around the child's space (pixels), whose bottom is the ground line. */
export function drawScene(
  p: Painter,
  kind: SceneKind,
  look: { hue: number; variant: number },
  child: Box,
): DrawnScene {
  const spec = KINDS[kind];
  const ground = p.h * GROUND_Y;
  const view = viewOf(p, ground);
  const horizon = view.top + view.height * spec.horizon;
  const stage: Stage = { p, ...look, horizon, ground, view, child, near: [] };
  spec.draw(stage);
  const [lx, ly, colour] = spec.light;
  finish(stage, { x: p.w * lx, y: viewY(stage, ly), colour });
  return { groundY: GROUND_Y, horizon: horizon / p.h, near: stage.near };
}
