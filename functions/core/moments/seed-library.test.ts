import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import type { LibraryScene, SceneLibrary } from './moments-ports';
import { libraryTemplateId, seedTemplateLibrary } from './seed-library';
import { listTemplates } from './templates';

const scene = (slug: string, version = '1'): LibraryScene => ({
  slug,
  sceneName: `Scene ${slug}`,
  theme: 'birthday',
  category: 'Birthdays',
  orientation: '1:1',
  safeArea: { x: 0.2, y: 0.3, width: 0.6, height: 0.6, anchor: 'center' },
  version,
});

function library(scenes: LibraryScene[]): SceneLibrary & { drawn: string[] } {
  const drawn: string[] = [];
  return {
    scenes,
    drawn,
    async render(s) {
      drawn.push(s.slug);
      const bytes = Buffer.from(s.slug);
      return {
        native: bytes,
        watermarked: bytes,
        thumb: bytes,
        squares: { free: bytes, hd: bytes },
        width: 2048,
        height: 2048,
      };
    },
  };
}

describe('seedTemplateLibrary', () => {
  it('stores every scene with its images and square copies, listed newest (last in the library) first', async () => {
    const deps = fakeDeps();
    const lib = library([scene('a'), scene('b')]);
    expect(await seedTemplateLibrary(deps, lib)).toEqual({ drawn: 2, kept: 0 });
    const { templates } = await listTemplates(deps);
    expect(templates.map((t) => t.templateId)).toEqual([libraryTemplateId('b'), libraryTemplateId('a')]);
    for (const id of [libraryTemplateId('a'), libraryTemplateId('b')]) {
      expect(
        deps.blobs
          .keys('renders')
          .filter((key) => key.includes(id))
          .sort(),
      ).toEqual([
        `templates/${id}/native-2000.jpg`,
        `templates/${id}/native.jpg`,
        `templates/${id}/thumb.webp`,
        `templates/${id}/wm-800.jpg`,
        `templates/${id}/wm.jpg`,
      ]);
    }
  });

  it('redraws nothing on a second run, and only the scenes whose version changed', async () => {
    const deps = fakeDeps();
    await seedTemplateLibrary(deps, library([scene('a'), scene('b')]));
    const again = library([scene('a'), scene('b', '2')]);
    expect(await seedTemplateLibrary(deps, again)).toEqual({ drawn: 1, kept: 1 });
    expect(again.drawn).toEqual(['b']);
    expect(await seedTemplateLibrary(deps, again)).toEqual({ drawn: 0, kept: 2 });
  });

  it('gives each slug its own stable UUID', () => {
    expect(libraryTemplateId('a')).toBe(libraryTemplateId('a'));
    expect(libraryTemplateId('a')).not.toBe(libraryTemplateId('b'));
    expect(libraryTemplateId('a')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
