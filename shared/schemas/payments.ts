/** Wire shapes of checkout, HD downloads and credits, shared by the API and the browser. */
import { z } from 'zod';
import { PRODUCT_IDS, type ProductId } from '../catalog';
import { isSafeReturnPath } from '../rules/return-path';

export const productIdSchema = z.enum(PRODUCT_IDS as [ProductId, ...ProductId[]]);

export const createCheckoutRequestSchema = z.object({
  productId: productIdSchema,
  /** Required for products that unlock ages of one photo; absent for credit packs and the plan. */
  uploadId: z.uuid().optional(),
  /** Where Cancel leads back to (same-origin path); defaults to the results or the pricing page. */
  returnPath: z.string().max(500).refine(isSafeReturnPath).optional(),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;
export const createCheckoutResponseSchema = z.object({ url: z.string(), sessionId: z.string() });

/** The success page asks the server to check the session with Stripe (the webhook may be late). */
export const confirmCheckoutRequestSchema = z.object({ sessionId: z.string().min(1).max(255) });
export const confirmCheckoutResponseSchema = z.object({
  status: z.enum(['fulfilled', 'pending']),
  productId: productIdSchema,
  uploadId: z.uuid().nullable(),
});
export type ConfirmCheckoutResponse = z.infer<typeof confirmCheckoutResponseSchema>;

export const hdDownloadRequestSchema = z.object({
  /** Ages to fetch; every unlocked age with a finished HD file when absent. */
  ages: z.array(z.number().int()).max(6).optional(),
  /** attachment: the browser saves the file; inline: it opens (mobile: hold to save). */
  disposition: z.enum(['attachment', 'inline']).default('attachment'),
});
export const hdFileSchema = z.object({ age: z.number().int(), url: z.string(), fileName: z.string() });
export const hdDownloadResponseSchema = z.object({ files: z.array(hdFileSchema) });
export type HdFile = z.infer<typeof hdFileSchema>;
/** An unlocked age without the watermark at the preview's size, as a data URL (the owner's growth clip). */
export const hdPreviewSchema = z.object({
  age: z.number().int(),
  image: z.string().startsWith('data:image/jpeg;base64,'),
});
export const hdPreviewsResponseSchema = z.object({ images: z.array(hdPreviewSchema) });
export type HdPreview = z.infer<typeof hdPreviewSchema>;

export const subscriptionViewSchema = z.object({
  status: z.string(),
  /** True while HD is unlimited: active (or cancelling) and the period has not ended. */
  active: z.boolean(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
});
export const ledgerEntrySchema = z.object({
  at: z.string(),
  delta: z.number().int(),
  reason: z.string(),
  balanceAfter: z.number().int(),
});
export const creditsViewSchema = z.object({
  balance: z.number().int().nonnegative(),
  subscription: subscriptionViewSchema.nullable(),
  /** Newest first, the last 20 changes. */
  ledger: z.array(ledgerEntrySchema),
});
export type CreditsView = z.infer<typeof creditsViewSchema>;

export const webhookResponseSchema = z.object({ received: z.literal(true) });
