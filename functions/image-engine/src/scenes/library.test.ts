import { coverCrop } from '@shared/rules/placement';
import {
  MOMENT_THEMES,
  NATIVE_SIZES,
  ORIENTATIONS,
  TEMPLATE_CATEGORIES,
  THUMB_MAX_BYTES,
} from '@shared/templates';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateOfflineScene, sceneKindFor } from './generate-scene';
import { GROUND_Y, SCENE_KINDS, viewOf } from './kinds';
import { LIBRARY } from './library';
import { overlaps } from './painter';
import { createSceneLibrary, drawScenePixels } from './render';
import { pixelsOf } from './safe-areas';

const count = <K extends string>(key: (e: (typeof LIBRARY)[number]) => K) =>
  LIBRARY.reduce(
    (counts, entry) => counts.set(key(entry), (counts.get(key(entry)) ?? 0) + 1),
    new Map<K, number>(),
  );

describe('the built-in template library', () => {
  it('has at least 6 templates for every Moments theme and every composer category', () => {
    const themes = count((e) => e.theme);
    const categories = count((e) => e.category);
    for (const theme of MOMENT_THEMES) expect([theme, (themes.get(theme) ?? 0) >= 6]).toEqual([theme, true]);
    for (const c of TEMPLATE_CATEGORIES) expect([c, (categories.get(c) ?? 0) >= 6]).toEqual([c, true]);
  });

  it('spreads every theme over the three orientations, with unique slugs and safe areas inside the frame', () => {
    for (const theme of MOMENT_THEMES) {
      const orientations = new Set(LIBRARY.filter((e) => e.theme === theme).map((e) => e.orientation));
      expect([theme, [...orientations].sort()]).toEqual([theme, [...ORIENTATIONS].sort()]);
    }
    expect(new Set(LIBRARY.map((e) => e.slug)).size).toBe(LIBRARY.length);
    for (const { safeArea: a } of LIBRARY) {
      expect(a.x + a.width).toBeLessThanOrEqual(1);
      expect(a.y + a.height).toBeLessThanOrEqual(1);
    }
  });

  it("stands the child on every scene's ground line: the safe area ends on groundY", () => {
    for (const { slug, safeArea: a, groundY } of LIBRARY) {
      expect([slug, groundY]).toEqual([slug, expect.any(Number)]);
      expect([slug, a.anchor, a.y + a.height]).toEqual([slug, 'bottom', expect.closeTo(groundY!, 6)]);
    }
  });

  it("frames every scene with near props that keep out of the child's space", () => {
    // An eighth of the native size: the boxes scale with the picture.
    for (const entry of LIBRARY) {
      const width = NATIVE_SIZES[entry.orientation].width / 8;
      const height = NATIVE_SIZES[entry.orientation].height / 8;
      const { near } = drawScenePixels({ ...entry, seed: entry.slug }, width, height);
      const child = pixelsOf(entry.safeArea, width, height);
      expect([entry.slug, near.length >= 3]).toEqual([entry.slug, true]);
      expect([entry.slug, near.filter((box) => overlaps(box, child))]).toEqual([entry.slug, []]);
    }
  });

  it("fills a tall scene's sky: something near over the child's head", () => {
    for (const entry of LIBRARY.filter((e) => e.orientation === '9:16')) {
      const { width, height } = NATIVE_SIZES['9:16'];
      const { near } = drawScenePixels({ ...entry, seed: entry.slug }, width / 8, height / 8);
      const child = pixelsOf(entry.safeArea, width / 8, height / 8);
      const above = near.filter((box) => box.y + box.h <= child.y + 0.01);
      expect([entry.slug, above.length >= 1]).toEqual([entry.slug, true]);
    }
  });

  it('composes the square the Moments canvas shows of a taller scene as a whole scene: its horizon where a square one has it', () => {
    for (const orientation of ORIENTATIONS) {
      const { width, height } = NATIVE_SIZES[orientation];
      const view = viewOf({ w: width, h: height }, GROUND_Y * height);
      const crop = coverCrop({ width, height }, { width: 1, height: 1 }, GROUND_Y);
      expect([orientation, view.top, view.height]).toEqual([
        orientation,
        expect.closeTo(crop.sy, 6),
        expect.closeTo(crop.sh, 6),
      ]);
    }
    // Drawn (at an eighth of the size): each kind's horizon on the Moments square of a 4:5 and a
    // 9:16 scene lies where the square scene of that kind draws it.
    for (const kind of SCENE_KINDS) {
      const entry = LIBRARY.find((e) => e.kind === kind)!;
      const horizonOn = (orientation: (typeof ORIENTATIONS)[number]) => {
        const { width, height } = NATIVE_SIZES[orientation];
        const { horizon } = drawScenePixels({ ...entry, seed: entry.slug }, width / 8, height / 8);
        const crop = coverCrop({ width, height }, { width: 1, height: 1 }, GROUND_Y);
        return (horizon * height - crop.sy) / crop.sh;
      };
      const square = horizonOn('1:1');
      expect([kind, horizonOn('4:5'), horizonOn('9:16')]).toEqual([
        kind,
        expect.closeTo(square, 3),
        expect.closeTo(square, 3),
      ]);
    }
  });

  it('draws each of its kinds in more than one composition', () => {
    for (const kind of SCENE_KINDS) {
      const variants = new Set(LIBRARY.filter((e) => e.kind === kind).map((e) => e.variant));
      expect([kind, variants.size >= 2]).toEqual([kind, true]);
    }
  });

  it('renders a template as native and watermarked JPEGs at its native size and a small WEBP thumbnail', async () => {
    const library = createSceneLibrary();
    const entry = LIBRARY.find((e) => e.orientation === '9:16')!;
    const images = await library.render(entry);
    const [native, marked, thumb] = await Promise.all(
      [images.native, images.watermarked, images.thumb].map((b) => sharp(b).metadata()),
    );
    expect([native.format, native.width, native.height, native.exif]).toEqual([
      'jpeg',
      1152,
      2048,
      undefined,
    ]);
    expect([marked.format, marked.width, marked.height]).toEqual(['jpeg', 1152, 2048]);
    expect([thumb.format, thumb.width]).toEqual(['webp', 480]);
    expect(images.thumb.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    expect(images.watermarked.equals(images.native)).toBe(false);
  });

  it('generates a scene for a prompt at any size, and says where its ground is', async () => {
    for (const [width, height] of [
      [640, 800],
      [8, 8],
    ]) {
      const { image, groundY } = await generateOfflineScene({ prompt: 'a farm', width, height, seed: 1 });
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height, groundY]).toEqual([
        'jpeg',
        width,
        height,
        expect.any(Number),
      ]);
    }
  });

  it('picks the kind of scene from the words of a prompt', () => {
    expect(sceneKindFor('A birthday party with cake')).toBe('party');
    expect(sceneKindFor('spooky pumpkin night')).toBe('halloween');
    expect(sceneKindFor('Astronaut on a planet')).toBe('space');
    expect(sceneKindFor('something else entirely', 2)).toBe('snow');
  });
});
