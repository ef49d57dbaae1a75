/**
 * Draws scenes (Skia): at any size for the offline generateScene, and the built-in library's
 * templates, whose files template-files.ts makes from the pixels.
 */
import type { Image } from '@napi-rs/canvas';
import { NATIVE_SIZES, type SafeArea } from '@shared/templates';
import sharp from 'sharp';
import { canvasModule } from '../napi-canvas';
import type { LibraryScene, TemplateImages } from '../types';
import { watermarkOverlay } from '../watermark';
import { type DrawnScene, drawScene, type SceneKind } from './kinds';
import { LIBRARY, type LibraryEntry } from './library';
import { type Ctx, Painter, seededRandom } from './painter';
import { pixelsOf } from './safe-areas';
import { templateFilesOf } from './template-files';

export type SceneRecipe = { kind: SceneKind; hue: number; variant: number; seed: string; safeArea: SafeArea };

/** Raw RGBA pixels of a scene at width × height; the seed fixes every random choice. */
export function drawScenePixels(
  scene: SceneRecipe,
  width: number,
  height: number,
): DrawnScene & { pixels: Buffer } {
  const { ctx, drawn } = drawSceneCanvas(scene, width, height);
  return { ...drawn, pixels: pixelsOf2d(ctx, width, height) };
}

function drawSceneCanvas(scene: SceneRecipe, width: number, height: number) {
  const canvas = canvasModule().createCanvas(width, height);
  const ctx = canvas.getContext('2d') as Ctx;
  const painter = new Painter(ctx, width, height, seededRandom(scene.seed));
  const drawn = drawScene(painter, scene.kind, scene, pixelsOf(scene.safeArea, width, height));
  return { ctx, drawn };
}

const pixelsOf2d = (ctx: Ctx, width: number, height: number) =>
  Buffer.from(ctx.getImageData(0, 0, width, height).data.buffer);

/** The preview watermark (watermark.ts's raster) as a Skia image, decoded once per native size. */
const watermarkImages = new Map<string, Promise<Image>>();
function watermarkImage(width: number, height: number): Promise<Image> {
  const key = `${width}x${height}`;
  let image = watermarkImages.get(key);
  if (!image) {
    image = watermarkOverlay(width, height).then(async (overlay) => {
      const png = await sharp(overlay, { raw: { width, height, channels: 4 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const decoded = new (canvasModule().Image)();
      decoded.src = png;
      return decoded;
    });
    image.catch(() => watermarkImages.delete(key));
    watermarkImages.set(key, image);
  }
  return image;
}

/**
 * A library template's files: the scene drawn once, read back clean, then again with the watermark
 * laid over it on the same canvas (as libvips' composite would, within a level).
 */
export async function renderTemplateImages(entry: LibraryEntry): Promise<TemplateImages> {
  const { width, height } = NATIVE_SIZES[entry.orientation];
  const watermark = await watermarkImage(width, height);
  const { ctx } = drawSceneCanvas({ ...entry, seed: entry.slug }, width, height);
  const native = pixelsOf2d(ctx, width, height);
  ctx.drawImage(watermark, 0, 0);
  const watermarked = pixelsOf2d(ctx, width, height);
  return templateFilesOf(
    { pixels: native, width, height, channels: 4 },
    { pixels: watermarked, width, height, channels: 4 },
    entry.groundY,
  );
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
