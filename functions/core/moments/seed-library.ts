/**
 * Seeds a built-in template library (the illustrated scenes) into the table and the renders
 * bucket: idempotent and cheap to repeat, since a template whose recorded source matches the
 * scene's version is left alone (a restart redraws nothing).
 */
import { mapLimit } from '../concurrency';
import type { Deps } from '../deps';
import type { LibraryScene, SceneLibrary, TemplateRecord } from './moments-ports';
import { stableTemplateId, storeTemplate } from './store-template';

/** Drawing is CPU work: two at a time on a two-core machine. */
const PARALLEL_DRAWINGS = 2;
/** Seeded templates get fixed creation times, one minute apart in library order (newest last). */
const LIBRARY_EPOCH = Date.parse('2026-01-01T00:00:00.000Z');

/** The template id of a library scene: the same slug always names the same template. */
export function libraryTemplateId(slug: string): string {
  return stableTemplateId(`library-template\n${slug}`);
}

/** The scene and its version: a restart redraws only the scenes whose drawing changed. */
const sourceOf = (scene: LibraryScene) => `library:${scene.slug}@${scene.version}`;

export async function seedTemplateLibrary(
  deps: Pick<Deps, 'templates' | 'blobs' | 'logger'>,
  library: SceneLibrary,
  /** Told how many scenes need drawing, before the (slow) drawing starts. */
  onDrawing?: (count: number) => void,
): Promise<{ drawn: number; kept: number }> {
  const stale = (
    await mapLimit(
      library.scenes.map((scene, index) => ({ scene, index })),
      8,
      async ({ scene, index }) => {
        const existing = await deps.templates.getTemplate(libraryTemplateId(scene.slug));
        return existing?.imageSource === sourceOf(scene) ? null : { scene, index };
      },
    )
  ).filter((entry) => entry !== null);

  if (stale.length) onDrawing?.(stale.length);
  await mapLimit(stale, PARALLEL_DRAWINGS, async ({ scene, index }) => {
    const id = libraryTemplateId(scene.slug);
    const images = await library.render(scene);
    const template: TemplateRecord = {
      id,
      sceneName: scene.sceneName,
      theme: scene.theme,
      category: scene.category,
      orientation: scene.orientation,
      nativeWidth: images.width,
      nativeHeight: images.height,
      safeArea: scene.safeArea,
      ...(scene.groundY == null ? {} : { groundY: scene.groundY }),
      // Reviewed by us: listed in Moments and in the composer gallery (docs/architecture.md#keepsakes).
      status: 'approved',
      displayOrder: index,
      createdAt: new Date(LIBRARY_EPOCH + index * 60_000).toISOString(),
      imageSource: sourceOf(scene),
    };
    await storeTemplate(deps, template, images);
  });
  const result = { drawn: stale.length, kept: library.scenes.length - stale.length };
  deps.logger.info('template library seeded', result);
  return result;
}
