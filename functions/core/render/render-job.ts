/**
 * The render worker's use case: age one photo to one target age, store the watermarked preview
 * and the private HD file, and mark the job done exactly once.
 */
import { createHash } from 'node:crypto';
import type { TargetAge } from '@shared/catalog';
import { messages } from '@shared/messages';
import type { Deps } from '../deps';
import { PermanentRenderError } from '../errors';
import type { FaceBox, RenderMessage, RenderTimings } from '../ports';

/** Attempts after which a failing job is given up (the queue's maxReceiveCount). */
export const MAX_RENDER_ATTEMPTS = 3;

export type RenderOutcome =
  | { outcome: 'done'; face: FaceBox; timings: RenderTimings }
  | { outcome: 'skipped'; reason: 'upload-gone' | 'not-processing' }
  | { outcome: 'failed'; reason: string };

export function previewKeyFor(uploadId: string, age: TargetAge, preview: Buffer): string {
  // The content hash in the name lets CloudFront cache previews forever.
  const hash = createHash('sha256').update(preview).digest('hex').slice(0, 12);
  return `previews/${uploadId}/${age}-${hash}.jpg`;
}

export function hdKeyFor(uploadId: string, age: TargetAge): string {
  return `hd/${uploadId}/${age}.jpg`;
}

export async function renderJob(
  deps: Deps,
  message: RenderMessage,
  known: { face?: FaceBox } = {},
): Promise<RenderOutcome> {
  const { uploadId, age } = message;
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found?.upload.fileKey) return { outcome: 'skipped', reason: 'upload-gone' };
  const job = found.jobs.find((j) => j.age === age);
  // A duplicate delivery of a finished job changes nothing.
  if (job?.status !== 'processing') return { outcome: 'skipped', reason: 'not-processing' };
  const { upload } = found;

  const original = await deps.blobs.get('uploads', upload.fileKey!);
  let output: Awaited<ReturnType<Deps['renderer']['render']>>;
  try {
    output = await deps.renderer.render({ original, targetAge: age, face: known.face ?? upload.face });
  } catch (error) {
    if (!(error instanceof PermanentRenderError)) throw error;
    await deps.uploads.failJob(uploadId, age, messages[error.messageKey]);
    return { outcome: 'failed', reason: messages[error.messageKey] };
  }
  if (!upload.face) await deps.uploads.saveFace(uploadId, output.face);

  const anonymous = upload.owner.startsWith('session:');
  const previewKey = previewKeyFor(uploadId, age, output.preview);
  const hdKey = hdKeyFor(uploadId, age);
  await Promise.all([
    deps.blobs.put('renders', previewKey, output.preview, {
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=31536000, immutable',
      anonymous,
    }),
    deps.blobs.put('renders', hdKey, output.hd, { contentType: 'image/jpeg', anonymous }),
  ]);
  const completed = await deps.uploads.completeJob(uploadId, age, { previewKey, hdKey });
  if (!completed) return { outcome: 'skipped', reason: 'not-processing' };
  return { outcome: 'done', face: output.face, timings: output.timings };
}

/** Called when an attempt threw: on the last attempt the job is marked failed for the page. */
export async function recordRenderFailure(
  deps: Deps,
  message: RenderMessage,
  attempt: number,
  error: unknown,
) {
  deps.logger.error('render attempt failed', { ...message, attempt, error: String(error) });
  if (attempt >= MAX_RENDER_ATTEMPTS) {
    await deps.uploads.failJob(message.uploadId, message.age, messages.renderFailed);
  }
}
