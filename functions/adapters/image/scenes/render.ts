/**
 * Draws scenes (Skia): at any size for the offline generateScene, and the built-in library's
 * templates, whose files template-files.ts makes from the pixels.
 */
import { NATIVE_SIZES } from '@shared/templates';
import type { SceneLibrary, TemplateImages } from '../../../core/moments/moments-ports';
import { canvasModule } from '../napi-canvas';
import { drawScene, type SceneKind } from './kinds';
import { LIBRARY, type LibraryEntry } from './library';
import { type Ctx, Painter, seededRandom } from './painter';
import { templateImagesOf } from './template-files';

/** Raw RGBA pixels of a scene at width × height; the seed fixes every random choice. */
export function drawScenePixels(
  scene: { kind: SceneKind; hue: number; seed: string },
  width: number,
  height: number,
): Buffer {
  const canvas = canvasModule().createCanvas(width, height);
  const ctx = canvas.getContext('2d') as Ctx;
  drawScene(new Painter(ctx, width, height, seededRandom(scene.seed)), scene.kind, scene.hue);
  return Buffer.from(ctx.getImageData(0, 0, width, height).data.buffer);
}

export async function renderTemplateImages(entry: LibraryEntry): Promise<TemplateImages> {
  const { width, height } = NATIVE_SIZES[entry.orientation];
  const pixels = drawScenePixels({ kind: entry.kind, hue: entry.hue, seed: entry.slug }, width, height);
  return templateImagesOf(pixels, width, height);
}

/** The built-in library as the seeder sees it. */
export function createSceneLibrary(entries: readonly LibraryEntry[] = LIBRARY): SceneLibrary {
  const bySlug = new Map(entries.map((entry) => [entry.slug, entry]));
  return {
    scenes: entries,
    render(scene) {
      const entry = bySlug.get(scene.slug);
      if (!entry) return Promise.reject(new Error(`No library scene ${scene.slug}`));
      return renderTemplateImages(entry);
    },
  };
}
