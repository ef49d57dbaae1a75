/**
 * The operators' AI test pages (docs/product.md#ai-test-pages): which provider and
 * model answer each capability, age tests through the real render pipeline, and test runs of scene
 * generation and face swap.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { IMAGE_CAPABILITY_NAMES } from '../rules/image-capabilities';

export const capabilityAnswerSchema = z.object({
  provider: z.string(),
  model: z.string(),
  /** What an operator must configure before this capability can answer (e.g. an API token). */
  missing: z.string().nullable(),
});
export const aiProvidersSchema = z.object({
  capabilities: z.record(z.enum(IMAGE_CAPABILITY_NAMES), capabilityAnswerSchema),
  /** Renders complete through the provider's webhook (hosted) or inline (offline). */
  ageingEngine: z.enum(['offline', 'hosted']),
  /** The age test's demo image in words (AGE_TEST_DEMO_IMAGE, shared/rules/demo-image.ts); null when unset. */
  ageTestDemoImage: z.string().nullable(),
});
export type AiProviders = z.infer<typeof aiProvidersSchema>;

/** replicate-test offers 2, 5 and 19; test-age-transform is age 16. */
export const AGE_TEST_AGES = [2, 5, 16, 19] as const;
const ageTestAgeSchema = z.union(AGE_TEST_AGES.map((age) => z.literal(age)));
export const startAgeTestRequestSchema = z.object({ uploadId: z.uuid(), targetAge: ageTestAgeSchema });
/** The same test on the demo image the deployment names, which the server reads itself. */
export const startDemoAgeTestRequestSchema = z.object({ targetAge: ageTestAgeSchema });

export const ageTestJobSchema = z.object({
  age: z.number(),
  status: z.enum(['processing', 'done', 'failed']),
  failureReason: z.string().nullable(),
  /** The watermarked preview and a short-lived link to the HD file, once done. */
  previewUrl: z.string().nullable(),
  hdUrl: z.string().nullable(),
  prediction: z
    .object({
      id: z.string(),
      attempt: z.number(),
      provider: z.string(),
      model: z.string(),
      startedAt: z.string(),
    })
    .nullable(),
  identityDistance: z.number().nullable(),
  estimatedAge: z.number().nullable(),
  costUsd: z.number().nullable(),
  updatedAt: z.string(),
});
export const ageTestViewSchema = z.object({
  uploadId: z.string(),
  ageingEngine: z.enum(['offline', 'hosted']),
  jobs: z.array(ageTestJobSchema),
});
export type AgeTestView = z.infer<typeof ageTestViewSchema>;

export const AI_TEST_PROMPT_MAX = 500;
/**
 * A scene prompt (`prompt`) or a face swap of the operator's own uploads (validated and normalised
 * by the upload pipeline). One object rather than a union, so the API document can describe it.
 */
export const createAiRunRequestSchema = z
  .object({
    kind: z.enum(['scene', 'faceSwap']),
    prompt: z.string().trim().min(1).max(AI_TEST_PROMPT_MAX).optional(),
    backgroundUploadId: z.uuid().optional(),
    faceUploadId: z.uuid().optional(),
  })
  .superRefine((request, ctx) => {
    if (request.kind === 'scene' && !request.prompt) {
      ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'A scene test needs a prompt' });
    }
    if (request.kind === 'faceSwap' && !(request.backgroundUploadId && request.faceUploadId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['faceUploadId'],
        message: messages.uploadBothImages,
      });
    }
  });
export type CreateAiRunRequest = z.infer<typeof createAiRunRequestSchema>;

export const aiRunStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export const aiRunViewSchema = z.object({
  runId: z.string(),
  kind: z.enum(['scene', 'faceSwap']),
  status: aiRunStatusSchema,
  provider: z.string(),
  model: z.string(),
  /** Milliseconds the capability took, once it ended. */
  generationTime: z.number().nullable(),
  /** A short-lived link to the output image. */
  imageUrl: z.string().nullable(),
  error: z.string().nullable(),
  details: z.string().nullable(),
  createdAt: z.string(),
});
export type AiRunView = z.infer<typeof aiRunViewSchema>;
