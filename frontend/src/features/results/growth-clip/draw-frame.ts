/**
 * Draws one frame of the growth clip on a 2-D canvas, for browsers without WebGL (gl-warp.ts):
 * each age's image warped along the landmark mesh (one clipped affine drawImage per triangle), the
 * next age cross-dissolved over it, the "Age N" caption and, for the offline simulation, the small
 * print that it is an illustration (both drawn once, see captions.ts).
 */
import {
  type Affine,
  CLIP_SIZE_PX,
  type FrameStep,
  lerpPoints,
  type Pt,
  triangleAffine,
} from '@shared/rules/growth-clip';
import type { ClipOverlays, Overlay } from './captions';
import type { ClipImage, ClipScene } from './clip-scene';

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Each clip triangle grows this many pixels from its centre, so neighbours overlap instead of leaving hairline seams. */
const SEAM_PX = 0.8;

function expanded(points: readonly [Pt, Pt, Pt]): [Pt, Pt, Pt] {
  const cx = (points[0][0] + points[1][0] + points[2][0]) / 3;
  const cy = (points[0][1] + points[1][1] + points[2][1]) / 3;
  const grow = ([x, y]: Pt): Pt => {
    const len = Math.hypot(x - cx, y - cy) || 1;
    return [x + ((x - cx) / len) * SEAM_PX, y + ((y - cy) / len) * SEAM_PX];
  };
  return [grow(points[0]), grow(points[1]), grow(points[2])];
}

/** The image scaled to fill the frame: what a still age shows without a mesh. */
function drawPlain(ctx: Ctx, { image, width, height }: ClipImage) {
  ctx.setTransform(CLIP_SIZE_PX / width, 0, 0, CLIP_SIZE_PX / height, 0, 0);
  ctx.drawImage(image, 0, 0);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** The image warped so its mesh points land on `target`, triangle by triangle. */
function drawWarped(
  ctx: Ctx,
  { image }: ClipImage,
  source: readonly Pt[],
  target: readonly Pt[],
  triangles: [number, number, number][],
) {
  for (const [i, j, k] of triangles) {
    const to: [Pt, Pt, Pt] = [target[i], target[j], target[k]];
    const m: Affine | null = triangleAffine([source[i], source[j], source[k]], to);
    if (!m) continue;
    const [a, b, c] = expanded(to);
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.lineTo(c[0], c[1]);
    ctx.closePath();
    ctx.clip();
    ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
    ctx.drawImage(image, 0, 0);
    ctx.restore();
  }
}

function drawOverlay(ctx: Ctx, { canvas, left, top }: Overlay, alpha: number) {
  if (alpha <= 0.01) return;
  ctx.globalAlpha = alpha;
  ctx.drawImage(canvas, left, top);
  ctx.globalAlpha = 1;
}

/**
 * Draws frame `step` on `ctx` (CLIP_SIZE_PX square); `scratch` (a second canvas of the same size)
 * takes the age dissolved in, so its own triangles' overlaps do not show through.
 */
export function drawClipFrame(
  ctx: Ctx,
  scratch: Ctx,
  scene: ClipScene,
  overlays: ClipOverlays,
  step: FrameStep,
) {
  const { images, mesh } = scene;
  const from = images[step.from];
  const to = images[step.to];
  ctx.fillStyle = '#f5f3ff';
  ctx.fillRect(0, 0, CLIP_SIZE_PX, CLIP_SIZE_PX);
  if (!mesh) {
    drawPlain(ctx, from);
    if (step.t > 0) {
      ctx.globalAlpha = step.t;
      drawPlain(ctx, to);
      ctx.globalAlpha = 1;
    }
  } else {
    const a = mesh.images[step.from];
    const b = mesh.images[step.to];
    const target = step.t > 0 ? lerpPoints(a.aligned, b.aligned, step.t) : a.aligned;
    drawWarped(ctx, from, a.source, target, mesh.triangles);
    if (step.t > 0) {
      scratch.clearRect(0, 0, CLIP_SIZE_PX, CLIP_SIZE_PX);
      drawWarped(scratch, to, b.source, target, mesh.triangles);
      ctx.globalAlpha = step.t;
      ctx.drawImage(scratch.canvas, 0, 0);
      ctx.globalAlpha = 1;
    }
  }
  drawOverlay(ctx, overlays.captions[step.from], 1 - step.t);
  if (step.t > 0) drawOverlay(ctx, overlays.captions[step.to], step.t);
  if (overlays.notice) drawOverlay(ctx, overlays.notice, 1);
}
