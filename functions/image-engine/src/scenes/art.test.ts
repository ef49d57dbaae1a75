import { describe, expect, it } from 'vitest';
import { notoIcons, SCENE_ART_NAMES } from '../../tools/scene-art-names';
import { artImage } from './art';
import subset from './art/noto-subset.json' with { type: 'json' };

describe('the illustrations the scenes are composed from', () => {
  it('are exactly the listed Noto Emoji, copied unchanged from @iconify-json/noto (Apache-2.0)', () => {
    const noto = notoIcons();
    expect(Object.keys(subset.icons).sort()).toEqual([...SCENE_ART_NAMES].sort());
    expect(subset.size).toBe(noto.height);
    for (const name of SCENE_ART_NAMES)
      expect([name, subset.icons[name] === noto.bodyOf(name)]).toEqual([name, true]);
  });

  it('decode as vector images, plain or recoloured', () => {
    for (const image of [artImage('balloon'), artImage('balloon', { hue: 120 })]) {
      expect(image.complete).toBe(true);
      expect([image.width, image.height]).toEqual([subset.size, subset.size]);
    }
    expect(artImage('balloon', { hue: 120 })).not.toBe(artImage('balloon'));
  });
});
