/** What a growth clip is drawn from: each age's image, and the mesh between them when there is one. */
import type { MeshImage } from '@shared/rules/growth-clip';

export type ClipImage = { age: number; image: CanvasImageSource; width: number; height: number };

/**
 * The mesh of a clip, or none: previews without landmarks (older renders, or no face found) get a
 * plain dissolve. Every preview of one photo is cut around the same face box, so they are already
 * aligned to each other; the dissolve only loses the shape morph.
 */
export type ClipScene = {
  images: ClipImage[];
  mesh: { images: MeshImage[]; triangles: [number, number, number][] } | null;
  /** Small print drawn along the bottom (the offline simulation's notice), or null. */
  notice: string | null;
};
