/** Wire shapes of uploads and their render jobs, shared by the API and the browser. */
import { z } from 'zod';
import { UPLOAD_PURPOSES } from '../rules/upload-file';

const unit = z.number().min(0).max(1);
export const faceLandmarksSchema = z.array(z.tuple([unit, unit])).length(68);

export const jobStatusSchema = z.enum(['processing', 'done', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const createUploadRequestSchema = z.object({
  contentType: z.string().min(1).max(100),
  size: z.number().int().nonnegative(),
  fileName: z.string().max(255).optional(),
  /**
   * previews: the age previews are made as soon as the photo is in (the /upload flow);
   * keepsake: the photo is only for keepsakes (Moments), so no age previews are made;
   * composer: the composer's own photo, with its stricter rules (12 MB, 1024 px short edge) and no previews.
   */
  purpose: z.enum(UPLOAD_PURPOSES).default('previews'),
});
export type CreateUploadRequest = z.input<typeof createUploadRequestSchema>;

export const createUploadResponseSchema = z.object({
  uploadId: z.uuid(),
  /** Presigned PUT: send the file with exactly these headers. */
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresInSeconds: z.number(),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

export const renderJobViewSchema = z.object({
  age: z.number().int(),
  status: jobStatusSchema,
  /** Watermarked low-resolution preview on the site origin (null until done). */
  previewUrl: z.string().nullable(),
  hdUnlocked: z.boolean(),
  failureReason: z.string().nullable(),
  /**
   * The preview's 68 face landmarks, each [x, y] as fractions of its width and height, for the
   * "Watch them grow" clip; absent for older renders and when no face was found.
   */
  landmarks: faceLandmarksSchema.optional(),
});
export type RenderJobView = z.infer<typeof renderJobViewSchema>;

export const uploadViewSchema = z.object({
  uploadId: z.uuid(),
  status: z.enum(['awaiting_file', 'ready']),
  /** Signed-in owner (true) or anonymous visitor session (false). */
  ownedByUser: z.boolean(),
  migrated: z.boolean(),
  /** Only the owner learns this; null for anyone else. */
  viewerIsOwner: z.boolean(),
  hasEmail: z.boolean().nullable(),
  jobs: z.array(renderJobViewSchema),
  engine: z.enum(['offline', 'hosted']),
  createdAt: z.string(),
});
export type UploadView = z.infer<typeof uploadViewSchema>;

export const saveEmailRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(255).pipe(z.email()),
});
export const okResponseSchema = z.object({ ok: z.literal(true) });

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** A list refused as a whole (the template import): every problem, by item index and field. */
    issues: z.array(z.object({ index: z.number().int(), field: z.string(), message: z.string() })).optional(),
  }),
});
