/**
 * Draws scenes (Skia): at any size for the offline generateScene, and the built-in library's
 * templates, whose files template-files.ts makes from the pixels.
 */
import { NATIVE_SIZES, type SafeArea } from '@shared/templates';
import { canvasModule } from '../napi-canvas';
import type { LibraryScene, TemplateImages } from '../types';
import { type DrawnScene, drawScene, type SceneKind } from './kinds';
import { LIBRARY, type LibraryEntry } from './library';
import { type Ctx, Painter, seededRandom } from './painter';
import { pixelsOf } from './safe-areas';
import { templateImagesOf } from './template-files';

export type SceneRecipe = { kind: SceneKind; hue: number; variant: number; seed: string; safeArea: SafeArea };

/** Raw RGBA pixels of a scene at width × height; the seed fixes every random choice. */
export function drawScenePixels(
  scene: SceneRecipe,
  width: number,
  height: number,
): DrawnScene & { pixels: Buffer } {
  const canvas = canvasModule().createCanvas(width, height);
  const ctx = canvas.getContext('2d') as Ctx;
  const painter = new Painter(ctx, width, height, seededRandom(scene.seed));
  const drawn = drawScene(painter, scene.kind, scene, pixelsOf(scene.safeArea, width, height));
  return { ...drawn, pixels: Buffer.from(ctx.getImageData(0, 0, width, height).data.buffer) };
}

export async function renderTemplateImages(entry: LibraryEntry): Promise<TemplateImages> {
  const { width, height } = NATIVE_SIZES[entry.orientation];
  const { pixels } = drawScenePixels({ ...entry, seed: entry.slug }, width, height);
  return templateImagesOf(pixels, width, height);
}

export interface SceneLibrary {
  readonly scenes: readonly LibraryScene[];
  render(scene: LibraryScene): Promise<TemplateImages>;
}

/** The built-in library as the seeder sees it (each scene also carries its groundY). */
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
