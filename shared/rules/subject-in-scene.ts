/**
 * A subject that belongs in the scene (docs/architecture.md#keepsakes): how both editors' drawings
 * put the cut-out on a template. Its colour (brightness, contrast, then partway towards the scene's
 * light), its edge (feathered, and faded where the photo cropped it unless that edge stands on the
 * frame or the ground line) and a soft shadow cast from its own alpha. Pure: it only calls the
 * contexts it is given, so HTML canvas and @napi-rs/canvas draw the same pixels.
 */
import { type Canvas2D, type Drawable, type LayerFactory, newLayer } from './canvas-2d';
import { type CutoutProfile, cutoutProfile, type Edge, type Rgb } from './cutout-profile';
import { groundOnCanvas, STANDING_TOLERANCE } from './placement';

export type SubjectLook = {
  brightness: number;
  contrast: number;
  /** Feathered edge, in pixels of the canvas being drawn. */
  featherPx: number;
  /** Strength 0–1 and offset as a fraction of the subject's height; null casts none. */
  shadow: { strength: number; offset: number } | null;
  matchLight: boolean;
};

/** Where the subject is drawn, in canvas pixels: centre, size before rotation, rotation, mirror. */
export type SubjectPose = {
  cx: number;
  cy: number;
  width: number;
  height: number;
  radians: number;
  flip: boolean;
};

/** The template as the canvas shows it: the image, its visible part, its ground line if known. */
export type Scene<Image extends Drawable> = {
  image: Image;
  crop: { sx: number; sy: number; sw: number; sh: number };
  /** The ground line, a fraction of the image's height (the scene generator reports it). */
  groundY?: number | null;
};

type Size = { width: number; height: number };

/** Partway, in log brightness: 35 % of the way to the scene's luminance, 20 % towards its tint. */
const LIGHT = { luminance: 0.35, colour: 0.2, minGain: 0.75, maxGain: 1.2, maxTint: 0.08 };
/** A cropped edge fades over this share of the subject's height (at most a third of the side). */
const EDGE_FADE = 0.12;
/**
 * The shadow: a dark slate silhouette, blurred by a share of the subject's height (more as it
 * falls further), falling down and a little to the right (light from the upper left). Drawn at
 * most SIDE px: a blurred silhouette has no detail to lose, and blurring costs its area.
 */
const SHADOW = { colour: 'rgb(15, 23, 42)', blur: 0.025, blurPerOffset: 0.3, slant: 0.35, side: 320 };

/** Draws the cut-out on `ctx` (a canvas of `canvas` pixels that already shows the scene). */
export function drawSubject<Image extends Drawable>(
  ctx: Canvas2D<Image>,
  canvas: Size,
  cutout: Image,
  pose: SubjectPose,
  look: SubjectLook,
  scene: Scene<Image>,
  makeLayer: LayerFactory<Image>,
): void {
  const profile = cutoutProfile(cutout, makeLayer);
  const fades = fadedEdges(profile, pose, canvas, scene);
  const gains =
    look.matchLight && profile.mean
      ? lightGains(profile.mean, sceneMean(scene, pose, canvas, makeLayer))
      : null;
  const subject = styledSubject(cutout, pose, look, fades, gains, makeLayer);
  if (look.shadow && look.shadow.strength > 0) castShadow(ctx, subject, pose, look.shadow, makeLayer);
  ctx.save();
  ctx.translate(pose.cx, pose.cy);
  ctx.rotate(pose.radians);
  if (pose.flip) ctx.scale(-1, 1);
  ctx.drawImage(subject, -pose.width / 2, -pose.height / 2, pose.width, pose.height);
  ctx.restore();
}

/**
 * The cut-out with its colour and edge effects (the pose's flip and rotation come later), at its
 * drawn size or, when drawn larger than it is, at its own: the work per pixel stays bounded by
 * the cut-out's pixels, and scaling it up afterwards is what drawing the cut-out would have done.
 */
function styledSubject<Image extends Drawable>(
  cutout: Image,
  pose: SubjectPose,
  look: SubjectLook,
  fades: readonly Edge[],
  gains: Rgb | null,
  makeLayer: LayerFactory<Image>,
): Image {
  const k = Math.min(1, cutout.width / pose.width);
  const { layer, ctx } = newLayer(makeLayer, pose.width * k, pose.height * k);
  const { width, height } = layer;
  if (look.brightness !== 1 || look.contrast !== 1)
    ctx.filter = `brightness(${look.brightness}) contrast(${look.contrast})`;
  ctx.drawImage(cutout, 0, 0, width, height);
  ctx.filter = 'none';
  if (look.featherPx > 0) {
    // Keep only what a blurred copy of the subject covers: the edge fades over about the radius.
    const mask = newLayer(makeLayer, width, height);
    mask.ctx.filter = `blur(${look.featherPx * k}px)`;
    mask.ctx.drawImage(cutout, 0, 0, width, height);
    ctx.globalCompositeOperation = 'destination-in';
    ctx.drawImage(mask.layer, 0, 0, width, height);
    ctx.globalCompositeOperation = 'source-over';
  }
  for (const edge of fades) fadeEdge(ctx, edge, width, height);
  if (gains) applyGains(ctx, width, height, gains);
  return layer;
}

/** Erases an edge softly (eased): fully at the edge, nothing a short way in. */
function fadeEdge<Image extends Drawable>(ctx: Canvas2D<Image>, edge: Edge, width: number, height: number) {
  const across = edge === 'top' || edge === 'bottom' ? height : width;
  const length = Math.min(across / 3, EDGE_FADE * height);
  const [x0, y0, x1, y1] = {
    top: [0, 0, 0, length],
    bottom: [0, height, 0, height - length],
    left: [0, 0, length, 0],
    right: [width, 0, width - length, 0],
  }[edge];
  const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
  for (let i = 0; i <= 4; i++)
    gradient.addColorStop(i / 4, `rgba(0, 0, 0, ${(1 + Math.cos((Math.PI * i) / 4)) / 2})`);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.globalCompositeOperation = 'source-over';
}

/**
 * The cropped edges that fade: not one that stands on the frame (it continues out of the picture)
 * nor, for the one facing down, on the scene's ground line.
 */
export function fadedEdges<Image extends Drawable>(
  profile: CutoutProfile,
  pose: SubjectPose,
  canvas: Size,
  scene: Pick<Scene<Image>, 'image' | 'groundY'>,
): Edge[] {
  const tolerance = STANDING_TOLERANCE * Math.min(canvas.width, canvas.height);
  const cos = Math.cos(pose.radians);
  const sin = Math.sin(pose.radians);
  const middles: Record<Edge, [number, number]> = {
    top: [0, -pose.height / 2],
    bottom: [0, pose.height / 2],
    left: [-pose.width / 2, 0],
    right: [pose.width / 2, 0],
  };
  const groundY =
    scene.groundY == null ? null : groundOnCanvas(scene.groundY, scene.image, canvas) * canvas.height;
  return (Object.keys(middles) as Edge[]).filter((edge) => {
    if (!profile.cropped[edge]) return false;
    const [localX, localY] = middles[edge];
    const fx = pose.flip ? -localX : localX;
    const x = pose.cx + fx * cos - localY * sin;
    const y = pose.cy + fx * sin + localY * cos;
    const onFrame =
      x <= tolerance || y <= tolerance || x >= canvas.width - tolerance || y >= canvas.height - tolerance;
    const facesDown = y > pose.cy + pose.height / 4;
    const onGround = groundY !== null && facesDown && Math.abs(y - groundY) <= tolerance;
    return !onFrame && !onGround;
  });
}

/**
 * The scene's mean colour around the subject: its box, half as large again, read at 32×32 pixels
 * sampled plainly (no mipmaps to build for a 2000 px scene; a mean needs no more).
 */
function sceneMean<Image extends Drawable>(
  scene: Scene<Image>,
  pose: SubjectPose,
  canvas: Size,
  makeLayer: LayerFactory<Image>,
): Rgb {
  const cos = Math.abs(Math.cos(pose.radians));
  const sin = Math.abs(Math.sin(pose.radians));
  const halfW = 0.75 * (pose.width * cos + pose.height * sin);
  const halfH = 0.75 * (pose.width * sin + pose.height * cos);
  const left = Math.max(0, pose.cx - halfW);
  const top = Math.max(0, pose.cy - halfH);
  const right = Math.min(canvas.width, pose.cx + halfW);
  const bottom = Math.min(canvas.height, pose.cy + halfH);
  if (right - left < 1 || bottom - top < 1) return [128, 128, 128];
  const { crop } = scene;
  const kx = crop.sw / canvas.width;
  const ky = crop.sh / canvas.height;
  const side = 32;
  const { ctx } = newLayer(makeLayer, side, side);
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(
    scene.image,
    crop.sx + left * kx,
    crop.sy + top * ky,
    (right - left) * kx,
    (bottom - top) * ky,
    0,
    0,
    side,
    side,
  );
  const { data } = ctx.getImageData(0, 0, side, side);
  const sum: Rgb = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
  return sum.map((s) => s / (side * side)) as Rgb;
}

const luminance = ([r, g, b]: Rgb) => Math.max(1, 0.2126 * r + 0.7152 * g + 0.0722 * b);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Per-channel gains that move the subject partway to the scene's light: its brightness (a share
 * of the way, in log terms) and, more gently, its tint; both bounded so a vivid scene only hints.
 */
export function lightGains(subject: Rgb, scene: Rgb): Rgb {
  const subjectLight = luminance(subject);
  const sceneLight = luminance(scene);
  const overall = clamp((sceneLight / subjectLight) ** LIGHT.luminance, LIGHT.minGain, LIGHT.maxGain);
  return subject.map((value, c) => {
    const tint = (scene[c] / sceneLight / (Math.max(1, value) / subjectLight)) ** LIGHT.colour;
    return overall * clamp(tint, 1 - LIGHT.maxTint, 1 + LIGHT.maxTint);
  }) as Rgb;
}

/** Red is a pixel word's low byte on little-endian platforms (all ours); others take the byte loop. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Multiplies each channel by its gain: the one colour step both canvases do alike (in JavaScript). */
function applyGains<Image extends Drawable>(ctx: Canvas2D<Image>, width: number, height: number, gains: Rgb) {
  if (gains.every((gain) => Math.abs(gain - 1) < 0.005)) return;
  // A table per channel: one look-up a value instead of a multiply and a clamp.
  const tables = gains.map((gain) => Uint8ClampedArray.from({ length: 256 }, (_, v) => v * gain));
  const [r, g, b] = tables;
  const pixels = ctx.getImageData(0, 0, width, height);
  const { data } = pixels;
  if (!LITTLE_ENDIAN || data.byteOffset % 4 !== 0) {
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      data[i] = r[data[i]];
      data[i + 1] = g[data[i + 1]];
      data[i + 2] = b[data[i + 2]];
    }
  } else {
    // A pixel as one word (red in the low byte): one read and one write instead of seven.
    const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
    for (let i = 0; i < words.length; i++) {
      const p = words[i];
      if (p < 0x1000000) continue; // transparent
      words[i] = (p & 0xff000000) | (b[(p >>> 16) & 0xff] << 16) | (g[(p >>> 8) & 0xff] << 8) | r[p & 0xff];
    }
  }
  ctx.putImageData(pixels, 0, 0);
}

/** The subject's silhouette, blurred, at the shadow's strength and offset, under where it is drawn. */
function castShadow<Image extends Drawable>(
  ctx: Canvas2D<Image>,
  subject: Image,
  pose: SubjectPose,
  shadow: { strength: number; offset: number },
  makeLayer: LayerFactory<Image>,
) {
  const k = Math.min(1, SHADOW.side / Math.max(pose.width, pose.height));
  const blur = pose.height * (SHADOW.blur + SHADOW.blurPerOffset * shadow.offset) * k;
  const pad = Math.ceil(blur * 2.5) + 2;
  const silhouette = newLayer(makeLayer, pose.width * k, pose.height * k);
  const { width, height } = silhouette.layer;
  silhouette.ctx.drawImage(subject, 0, 0, width, height);
  silhouette.ctx.globalCompositeOperation = 'source-in';
  silhouette.ctx.fillStyle = SHADOW.colour;
  silhouette.ctx.fillRect(0, 0, width, height);
  const blurred = newLayer(makeLayer, width + 2 * pad, height + 2 * pad);
  blurred.ctx.filter = `blur(${blur}px)`;
  blurred.ctx.drawImage(silhouette.layer, pad, pad, width, height);

  const drop = shadow.offset * pose.height;
  const scaleX = pose.width / width;
  const scaleY = pose.height / height;
  ctx.save();
  ctx.globalAlpha = shadow.strength;
  // Scaled up plainly: a blurred silhouette has no detail for a finer filter to keep.
  ctx.imageSmoothingQuality = 'low';
  ctx.translate(pose.cx + SHADOW.slant * drop, pose.cy + drop);
  ctx.rotate(pose.radians);
  if (pose.flip) ctx.scale(-1, 1);
  ctx.drawImage(
    blurred.layer,
    -pose.width / 2 - pad * scaleX,
    -pose.height / 2 - pad * scaleY,
    (width + 2 * pad) * scaleX,
    (height + 2 * pad) * scaleY,
  );
  ctx.restore();
}
