/** Makes the growth clip of an upload's done ages: loads the previews, builds the mesh, draws and encodes every frame of the plan (clipFrames). */
import { CLIP_SIZE_PX, clipAges, clipFileName, clipFrames, meshImages } from '@shared/rules/growth-clip';
import type { RenderJobView } from '@shared/schemas/uploads';
import { loadImage } from '../../../lib/load-image';
import { clipOverlays } from './captions';
import type { ClipImage, ClipScene } from './clip-scene';
import { drawClipFrame } from './draw-frame';
import { type EncodedClip, encodeClip, type FrameSource } from './encode-clip';
import { createGlWarper } from './gl-warp';
import { meshTriangles } from './mesh';

export type GrowthClip = EncodedClip & { file: File };

/**
 * The scene: the ages' previews (watermarked, as on the page, unless `unmarked` holds each age's
 * picture without it) with their mesh when every one has landmarks; otherwise none, and the clip
 * dissolves (see ClipScene). The unmarked pictures have the previews' size and framing, so the
 * previews' landmarks fit them.
 */
async function loadScene(
  jobs: readonly RenderJobView[],
  notice: string | null,
  unmarked: ReadonlyMap<number, string> | null,
): Promise<ClipScene> {
  const ages = clipAges(jobs);
  const images: ClipImage[] = await Promise.all(
    ages.map(async (job) => {
      const image = await loadImage(unmarked?.get(job.age) ?? job.previewUrl!);
      return { age: job.age, image, width: image.naturalWidth, height: image.naturalHeight };
    }),
  );
  const landmarks = ages.map((job) => job.landmarks);
  if (!landmarks.every((points) => points)) return { images, mesh: null, notice };
  const mesh = meshImages(
    images.map((image, i) => ({ landmarks: landmarks[i]!, width: image.width, height: image.height })),
  );
  return { images, mesh: { images: mesh, triangles: meshTriangles(mesh) }, notice };
}

function squareCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = CLIP_SIZE_PX;
  canvas.height = CLIP_SIZE_PX;
  return canvas;
}

/** The canvas the encoder reads and how a frame is drawn on it: WebGL, else the 2-D canvas. */
function frameSource(scene: ClipScene): FrameSource {
  const overlays = clipOverlays(scene);
  const gl = createGlWarper(scene, overlays);
  if (gl)
    return {
      canvas: gl.canvas,
      draw: (frame) => gl.draw(frame),
      capture: (init) =>
        new VideoFrame(gl.pixels(), {
          ...init,
          format: 'RGBX',
          codedWidth: CLIP_SIZE_PX,
          codedHeight: CLIP_SIZE_PX,
        }),
    };
  const canvas = squareCanvas();
  const ctx = canvas.getContext('2d');
  const scratch = squareCanvas().getContext('2d');
  if (!ctx || !scratch) throw new Error('No 2-D canvas');
  return { canvas, draw: (frame) => drawClipFrame(ctx, scratch, scene, overlays, frame) };
}

export async function makeGrowthClip(
  jobs: readonly RenderJobView[],
  notice: string | null,
  unmarked: ReadonlyMap<number, string> | null = null,
): Promise<GrowthClip> {
  const scene = await loadScene(jobs, notice, unmarked);
  const encoded = await encodeClip(frameSource(scene), clipFrames(scene.images.length));
  const file = new File([encoded.blob], clipFileName(encoded.mimeType), { type: encoded.mimeType });
  return { ...encoded, file };
}
