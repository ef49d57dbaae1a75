/**
 * Operator pages (docs/product.md#admin-pages; docs/architecture.md#keepsakes): what the
 * admin routes take and answer.
 */
import { z } from 'zod';

/** The guard's check: the caller is a member of the `admins` group. */
export const adminSessionSchema = z.object({ email: z.string() });

/** First-admin setup: the caller joined the `admins` group (effective from their next token). */
export const grantAdminResponseSchema = z.object({ granted: z.literal(true) });

/**
 * A status badge of the go-live checklist: ok (ready for production), warn (works, not for
 * production), off (not configured), blocker (going live like this would be wrong).
 */
export const goLiveStatusSchema = z.enum(['ok', 'warn', 'off', 'blocker']);

export const goLiveItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** What is configured, in words (e.g. "SES from hello@example.com", "local test checkout"). */
  value: z.string(),
  status: goLiveStatusSchema,
  /** What to do for production when the status is not ok. */
  hint: z.string().optional(),
});
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

/** The go-live checklist read from the deployment's real configuration (environment flags). */
export const goLiveConfigSchema = z.object({ items: z.array(goLiveItemSchema) });
export type GoLiveConfig = z.infer<typeof goLiveConfigSchema>;
