import { MOMENT_THEMES, ORIENTATIONS, TEMPLATE_CATEGORIES, THUMB_MAX_BYTES } from '@shared/templates';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sceneKindFor } from './generate-scene';
import { LIBRARY } from './library';
import { createSceneLibrary } from './render';

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

  it('picks the kind of scene from the words of a prompt', () => {
    expect(sceneKindFor('A birthday party with cake')).toBe('party');
    expect(sceneKindFor('spooky pumpkin night')).toBe('halloween');
    expect(sceneKindFor('Astronaut on a planet')).toBe('space');
    expect(sceneKindFor('something else entirely', 2)).toBe('snow');
  });
});
