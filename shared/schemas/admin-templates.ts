/**
 * The operators' template routes (docs/product.md#template-editor and #template-seeder): the editor's list and save,
 * and the seeder's bulk import. The import is validated here once, for the browser (errors before
 * sending) and the server (the same errors, by item index and field).
 */
import { z } from 'zod';
import { SAFE_AREA_MIN_SIZE } from '../rules/safe-area';
import { MOMENT_THEMES, ORIENTATIONS, SAFE_AREA_ANCHORS, TEMPLATE_CATEGORIES } from '../templates';
import { safeAreaSchema, templateViewSchema } from './moments';
import { isStorableNumber } from './numbers';

/**
 * Templates a single import may carry. Each one is drawn at its native size (about 220 ms of CPU,
 * measured, and about 70 more for its square copies at 2048 px): 100 fit within API Gateway's
 * 30 s on the admin Lambda's two vCPUs. Slow image hosts may not: the import then stores what it
 * could and names the rest (`notImported`), to be sent again.
 */
export const MAX_IMPORT_ITEMS = 100;
/** An image (fetched or in a data: URL) may be at most this big. */
export const MAX_IMPORT_IMAGE_BYTES = 15 * 1024 * 1024;
/** Native sizes an operator may ask for: the composer exports at this size. */
export const NATIVE_SIZE_RANGE = { min: 256, max: 4096 } as const;
const MAX_NAME_LENGTH = 120;

/** What the safe-area editor saves; the server clamps the safe area like the form does. */
export const updateTemplateRequestSchema = z.object({
  sceneName: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  category: z.enum(TEMPLATE_CATEGORIES),
  orientation: z.enum(ORIENTATIONS),
  safeArea: safeAreaSchema,
  nativeWidth: z.number().int().min(NATIVE_SIZE_RANGE.min).max(NATIVE_SIZE_RANGE.max),
  nativeHeight: z.number().int().min(NATIVE_SIZE_RANGE.min).max(NATIVE_SIZE_RANGE.max),
  displayOrder: z.number().int().min(-999_999).max(999_999),
});
export type UpdateTemplateRequest = z.infer<typeof updateTemplateRequestSchema>;

const fraction = (name: string) =>
  z
    .number({ error: `${name} must be a number from 0 to 1` })
    .min(0, { error: `${name} must be from 0 to 1` })
    .max(1, { error: `${name} must be from 0 to 1` })
    .refine(isStorableNumber, { error: `${name} is too close to zero: use 0` });
const size = z
  .number({ error: 'must be a whole number of pixels' })
  .int({ error: 'must be a whole number of pixels' })
  .min(NATIVE_SIZE_RANGE.min, { error: `must be at least ${NATIVE_SIZE_RANGE.min}` })
  .max(NATIVE_SIZE_RANGE.max, { error: `must be at most ${NATIVE_SIZE_RANGE.max}` });

/** https:// for the server to fetch, or the image itself as a data: URL. */
const imageUrl = z
  .string({ error: 'imageUrl is required' })
  .refine((url) => /^https:\/\//i.test(url) || /^data:image\/[\w.+-]+;base64,/i.test(url), {
    error: 'imageUrl must be an https:// URL or a data:image/…;base64 URL',
  });

const safeArea = z
  .object(
    {
      xPct: fraction('xPct'),
      yPct: fraction('yPct'),
      wPct: fraction('wPct').min(SAFE_AREA_MIN_SIZE, {
        error: `wPct must be from ${SAFE_AREA_MIN_SIZE} to 1`,
      }),
      hPct: fraction('hPct').min(SAFE_AREA_MIN_SIZE, {
        error: `hPct must be from ${SAFE_AREA_MIN_SIZE} to 1`,
      }),
      anchor: z
        .enum(SAFE_AREA_ANCHORS, { error: `anchor must be one of ${SAFE_AREA_ANCHORS.join(', ')}` })
        .default('center'),
    },
    { error: 'safeArea is required' },
  )
  .superRefine((sa, ctx) => {
    // Only for fractions that are valid on their own (one problem, one message); a tiny tolerance
    // since 0.3 + 0.7 is 1.0000000000000002 in floating point.
    const valid = (n: number) => n >= 0 && n <= 1;
    if (valid(sa.xPct) && valid(sa.wPct) && sa.xPct + sa.wPct > 1 + 1e-9)
      ctx.addIssue({ code: 'custom', path: ['wPct'], message: 'xPct + wPct must not exceed 1' });
    if (valid(sa.yPct) && valid(sa.hPct) && sa.yPct + sa.hPct > 1 + 1e-9)
      ctx.addIssue({ code: 'custom', path: ['hPct'], message: 'yPct + hPct must not exceed 1' });
  });

/** One template of the seeder's JSON (docs/product.md#template-seeder); templateId is the operator's own reference. */
export const templateImportItemSchema = z.object(
  {
    templateId: z
      .string({ error: 'templateId must be text' })
      .trim()
      .min(1, { error: 'templateId must not be blank' })
      .max(100, { error: 'templateId must be at most 100 characters' })
      .optional(),
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, { error: 'name is required' })
      .max(MAX_NAME_LENGTH, { error: `name must be at most ${MAX_NAME_LENGTH} characters` }),
    category: z.enum(TEMPLATE_CATEGORIES, {
      error: `category must be one of ${TEMPLATE_CATEGORIES.join(', ')}`,
    }),
    orientation: z.enum(ORIENTATIONS, { error: `orientation must be one of ${ORIENTATIONS.join(', ')}` }),
    /** Defaults to the orientation's native size. */
    nativeSize: z.object({ width: size, height: size }, { error: 'nativeSize must be an object' }).optional(),
    imageUrl,
    safeArea,
    /** The Moments chip; derived from the category when absent. */
    theme: z.enum(MOMENT_THEMES, { error: `theme must be one of ${MOMENT_THEMES.join(', ')}` }).optional(),
  },
  { error: 'each template must be an object' },
);
export type TemplateImportItem = z.infer<typeof templateImportItemSchema>;

/** One problem of an import: the item's position in the array (0-based) and the field. */
export const importIssueSchema = z.object({
  index: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

/** The seeder sends the parsed JSON as it is; the server validates it with `validateImport`. */
export const importTemplatesRequestSchema = z.object({
  templates: z.unknown().describe(`An array of at most ${MAX_IMPORT_ITEMS} template import items`),
});
/** An item the import left out: time ran out before its image arrived or was drawn. Nothing of it is stored. */
export const notImportedItemSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  reason: z.literal('timed_out'),
});
export type NotImportedItem = z.infer<typeof notImportedItemSchema>;

export const importTemplatesResponseSchema = z.object({
  imported: z.number().int(),
  /** The imported templates, in item order. */
  templates: z.array(templateViewSchema),
  /** The items left out, in item order: send them again. */
  notImported: z.array(notImportedItemSchema),
});
export type ImportTemplatesResponse = z.infer<typeof importTemplatesResponseSchema>;

export type ImportValidation =
  | { ok: true; items: TemplateImportItem[] }
  | { ok: false; reason: 'not_an_array' | 'empty' | 'too_many' }
  | { ok: false; reason: 'invalid_items'; issues: ImportIssue[] };

/** Every item checked, every problem listed (not only the first); duplicates of a templateId too. */
export function validateImport(raw: unknown): ImportValidation {
  if (!Array.isArray(raw)) return { ok: false, reason: 'not_an_array' };
  if (raw.length === 0) return { ok: false, reason: 'empty' };
  if (raw.length > MAX_IMPORT_ITEMS) return { ok: false, reason: 'too_many' };
  const issues: ImportIssue[] = [];
  const items: TemplateImportItem[] = [];
  const seen = new Map<string, number>();
  raw.forEach((entry, index) => {
    const parsed = templateImportItemSchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push({ index, field: issue.path.join('.') || '(item)', message: issue.message });
      }
      return;
    }
    const ref = parsed.data.templateId;
    if (ref !== undefined && seen.has(ref)) {
      issues.push({ index, field: 'templateId', message: `templateId repeats item ${seen.get(ref)}` });
    } else if (ref !== undefined) seen.set(ref, index);
    items.push(parsed.data);
  });
  return issues.length ? { ok: false, reason: 'invalid_items', issues } : { ok: true, items };
}
