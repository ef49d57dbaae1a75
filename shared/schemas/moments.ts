/** Wire shapes of templates, cut-outs, keepsake compositions and drafts (Moments). */
import { z } from 'zod';
import { COMPOSER_RANGES } from '../rules/composer-transform';
import {
  DEFAULT_MOMENTS_BLEND,
  MOMENTS_BLEND_RANGES,
  MOMENTS_CANVAS_PX,
  MOMENTS_RANGES,
} from '../rules/placement';
import {
  MOMENT_THEMES,
  ORIENTATIONS,
  SAFE_AREA_ANCHORS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
} from '../templates';
import { storableNumber } from './numbers';

const fraction = storableNumber(0, 1);

export const safeAreaSchema = z.object({
  x: fraction,
  y: fraction,
  width: fraction,
  height: fraction,
  anchor: z.enum(SAFE_AREA_ANCHORS),
});

export const templateViewSchema = z.object({
  templateId: z.uuid(),
  sceneName: z.string(),
  theme: z.enum(MOMENT_THEMES),
  category: z.enum(TEMPLATE_CATEGORIES),
  orientation: z.enum(ORIENTATIONS),
  nativeWidth: z.number().int().positive(),
  nativeHeight: z.number().int().positive(),
  safeArea: safeAreaSchema,
  /** Where the scene's ground is, a fraction of its height, when its generator reported it. */
  groundY: fraction.optional(),
  status: z.enum(TEMPLATE_STATUSES),
  displayOrder: z.number().int(),
  createdAt: z.string(),
  /** The watermarked full-size image (public): the editor canvas and free exports. */
  imageUrl: z.string(),
  /** WEBP thumbnail for galleries (public). */
  thumbUrl: z.string(),
});
export type TemplateView = z.infer<typeof templateViewSchema>;

/** Published templates, newest first (the gallery filters by theme on the client). */
export const templateListSchema = z.object({ templates: z.array(templateViewSchema) });
export type TemplateList = z.infer<typeof templateListSchema>;

const { x, y, scale, rotation } = MOMENTS_RANGES;
export const momentsPlacementSchema = z.object({
  x: storableNumber(x.min, x.max),
  y: storableNumber(y.min, y.max),
  scale: storableNumber(scale.min, scale.max),
  rotation: storableNumber(rotation.min, rotation.max),
});

const blendRange = (field: keyof typeof MOMENTS_BLEND_RANGES) =>
  storableNumber(MOMENTS_BLEND_RANGES[field].min, MOMENTS_BLEND_RANGES[field].max);
/** The blend of the child into the scene; a request or draft from before it has the defaults. */
export const momentsBlendSchema = z
  .object({
    brightness: blendRange('brightness'),
    contrast: blendRange('contrast'),
    shadowStrength: blendRange('shadowStrength'),
    shadowOffset: blendRange('shadowOffset'),
    feather: blendRange('feather'),
    matchLight: z.boolean(),
  })
  .default(DEFAULT_MOMENTS_BLEND);

/** The canvas the placement was made on: the editor's, 800×800. */
export const momentsCanvasSchema = z
  .object({ width: z.literal(MOMENTS_CANVAS_PX), height: z.literal(MOMENTS_CANVAS_PX) })
  .default({ width: MOMENTS_CANVAS_PX, height: MOMENTS_CANVAS_PX });

/** Brush strokes are kept with the draft: bounded so a draft stays a small table item. */
export const MAX_BRUSH_POINTS = 4000;
export const MAX_BRUSH_STROKES = 500;
const point = z.tuple([fraction, fraction]);
export const brushStrokeSchema = z.object({
  mode: z.enum(['erase', 'restore']),
  radius: z.number().min(0.002).max(0.25),
  points: z.array(point).min(1).max(MAX_BRUSH_POINTS),
});
export const brushStrokesSchema = z
  .array(brushStrokeSchema)
  .max(MAX_BRUSH_STROKES)
  .refine((strokes) => strokes.reduce((n, s) => n + s.points.length, 0) <= MAX_BRUSH_POINTS, {
    message: `At most ${MAX_BRUSH_POINTS} brush points in all`,
  });

/** The cut-out of an upload: private, reached through short-lived links. */
export const cutoutViewSchema = z.object({
  uploadId: z.uuid(),
  /** PNG with transparency, trimmed to the child. */
  cutoutUrl: z.string(),
  /** The photo behind the cut-out (same size and framing): what the restore brush paints back. */
  sourceUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  expiresInSeconds: z.number().int().positive(),
});
export type CutoutView = z.infer<typeof cutoutViewSchema>;

export const createCompositionRequestSchema = z.object({
  /** Made by the browser once per click: a retry or double click with the same id is made (and paid) once. */
  requestId: z.uuid(),
  templateId: z.uuid(),
  uploadId: z.uuid(),
  placement: momentsPlacementSchema,
  strokes: brushStrokesSchema.default([]),
  blend: momentsBlendSchema,
});
export type CreateCompositionRequest = z.input<typeof createCompositionRequestSchema>;

const ranged = (field: keyof typeof COMPOSER_RANGES) =>
  storableNumber(COMPOSER_RANGES[field].min, COMPOSER_RANGES[field].max);
export const composerTransformSchema = z.object({
  x: ranged('x'),
  y: ranged('y'),
  scale: ranged('scale'),
  rotation: ranged('rotation'),
  flip: z.boolean(),
  feather: ranged('feather'),
  brightness: ranged('brightness'),
  contrast: ranged('contrast'),
  shadow: z.boolean(),
  /** Absent from transforms saved before it existed: on, as for a new one. */
  matchLight: z.boolean().default(true),
});

/** The composer's HD export: the server draws it at the template's native size from the clean template. */
export const createComposerHdRequestSchema = z.object({
  requestId: z.uuid(),
  templateId: z.uuid(),
  uploadId: z.uuid(),
  transform: composerTransformSchema,
});
export type CreateComposerHdRequest = z.infer<typeof createComposerHdRequestSchema>;

export const compositionViewSchema = z.object({
  compositionId: z.uuid(),
  quality: z.enum(['free', 'hd']),
  width: z.number().int(),
  height: z.number().int(),
  /** Short-lived link that shows the image. */
  url: z.string(),
  /** Short-lived link that saves it as a file. */
  downloadUrl: z.string(),
  fileName: z.string(),
  expiresInSeconds: z.number().int(),
  /** How an HD keepsake was paid: credits, the live subscription, or nothing (free, or a retry of a paid one). */
  paidWith: z.enum(['credits', 'subscription', 'none']),
  /** Credits left after an HD keepsake paid with credits. */
  balance: z.number().int().nullable(),
});
export type CompositionView = z.infer<typeof compositionViewSchema>;

export const draftNameSchema = z.string().trim().min(1).max(80);

export const saveDraftRequestSchema = z.object({
  templateId: z.uuid(),
  uploadId: z.uuid(),
  placement: momentsPlacementSchema,
  strokes: brushStrokesSchema.default([]),
  blend: momentsBlendSchema,
  canvas: momentsCanvasSchema,
  name: draftNameSchema.optional(),
});

export const renameDraftRequestSchema = z.object({ name: draftNameSchema });

export const draftViewSchema = z.object({
  draftId: z.uuid(),
  name: z.string(),
  templateId: z.uuid(),
  templateName: z.string(),
  theme: z.enum(MOMENT_THEMES),
  uploadId: z.uuid(),
  placement: momentsPlacementSchema,
  strokes: z.array(brushStrokeSchema),
  blend: momentsBlendSchema,
  canvas: momentsCanvasSchema,
  /** The template's thumbnail and the cut-out (short-lived link, null if the photo is gone): the list draws its preview. */
  templateThumbUrl: z.string(),
  cutoutUrl: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type DraftView = z.infer<typeof draftViewSchema>;

export const draftListSchema = z.object({ drafts: z.array(draftViewSchema) });
