/** Template packs of the pack manager (docs/product.md#pack-manager): what the admin routes take and answer. */
import { z } from 'zod';
import { TEMPLATE_CATEGORIES } from '../templates';

/** How often a pack with scheduled generation makes new scenes. */
export const PACK_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type PackFrequency = (typeof PACK_FREQUENCIES)[number];

/** A new pack starts as draft; Publish makes it active, Unpublish draft again. */
export const PACK_STATUSES = ['draft', 'active'] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];

/** Scenes one generation run makes (the toast 'Generated X/5 images successfully'). */
export const PACK_SCENES_PER_RUN = 5;
export const PACK_NAME_MAX = 80;
export const PACK_DESCRIPTION_MAX = 500;

/** A generation that is running: how many of this run's scenes are stored so far. */
export const packGenerationSchema = z.object({
  runId: z.string(),
  startedAt: z.string(),
  done: z.number().int().min(0),
  total: z.number().int().positive(),
});
export type PackGeneration = z.infer<typeof packGenerationSchema>;

export const packViewSchema = z.object({
  packId: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  generationFrequency: z.enum(PACK_FREQUENCIES),
  scheduledGeneration: z.boolean(),
  status: z.enum(PACK_STATUSES),
  createdAt: z.string(),
  templateCount: z.number().int().min(0),
  /** Set while a generation runs; the page polls until it is gone. */
  generation: packGenerationSchema.nullable(),
  /** When the last generation started (scheduled runs count from it). */
  lastGeneratedAt: z.string().nullable(),
  /** Why the last run stopped early, when it did. */
  lastError: z.string().nullable(),
});
export type PackView = z.infer<typeof packViewSchema>;

/** Packs, newest first, each with its template count. */
export const packListSchema = z.object({ packs: z.array(packViewSchema) });
export type PackList = z.infer<typeof packListSchema>;

/**
 * Name and category may arrive empty: the use case answers 'Name and category are required'
 * rather than a generic bad request.
 */
export const createPackRequestSchema = z.object({
  name: z.string().max(PACK_NAME_MAX),
  description: z.string().max(PACK_DESCRIPTION_MAX).default(''),
  category: z.union([z.enum(TEMPLATE_CATEGORIES), z.literal('')]),
  generationFrequency: z.enum(PACK_FREQUENCIES).default('weekly'),
  scheduledGeneration: z.boolean().default(false),
});
export type CreatePackRequest = z.input<typeof createPackRequestSchema>;

/** Publish (active) or Unpublish (draft). */
export const updatePackStatusRequestSchema = z.object({ status: z.enum(PACK_STATUSES) });

export const packResponseSchema = z.object({ pack: packViewSchema });
