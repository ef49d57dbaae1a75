/** Wire shapes of the signed-in parent's account: identity, migration, their photos. */
import { z } from 'zod';
import { jobStatusSchema } from './uploads';

export const clientConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string().nullable(),
  userPoolClientId: z.string().nullable(),
  /** A Cognito endpoint on the site origin (the local stack's /cognito proxy); null in AWS. */
  cognitoEndpoint: z.string().nullable(),
  /** The local Cognito accepts only USER_PASSWORD_AUTH (no SRP). */
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** Whether HD of the age previews is sold (shared/rules/age-sales.ts); false shows Moments instead. */
  ageHdOnSale: z.boolean(),
  /**
   * The deployer hid Login and the account buttons of the header (HIDE_AUTH_BUTTONS); /auth still
   * opens by URL. Absent from an older API's answer, which always showed them.
   */
  hideAuthButtons: z.boolean().default(false),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const meSchema = z.object({ sub: z.string(), email: z.string().nullable(), isAdmin: z.boolean() });
export type Me = z.infer<typeof meSchema>;

/**
 * Nothing in the body: the session migrated is the one of the visitor token the request carries
 * (its proof), never an id the caller names.
 */
export const migrateRequestSchema = z.object({});
/** The migration reply (docs/product.md#post-sign-in-migration): `migrated`, a list of items each with upload_id, oldest first. */
export const migrateResponseSchema = z.object({ migrated: z.array(z.object({ upload_id: z.uuid() })) });
export type MigrateResponse = z.infer<typeof migrateResponseSchema>;

export const myUploadSchema = z.object({
  uploadId: z.uuid(),
  createdAt: z.string(),
  status: z.enum(['awaiting_file', 'ready']),
  /** The first finished preview, for a thumbnail; null while none is done. */
  thumbnailUrl: z.string().nullable(),
  jobs: z.array(z.object({ age: z.number().int(), status: jobStatusSchema })),
});
export type MyUpload = z.infer<typeof myUploadSchema>;
export const myUploadsSchema = z.object({ uploads: z.array(myUploadSchema) });
