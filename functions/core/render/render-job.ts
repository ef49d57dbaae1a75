/**
 * The render worker's use case: age one photo to one target age, store the watermarked preview
 * and the private HD file, and mark the job done exactly once.
 */
import { createHash } from 'node:crypto';
import { HD_SIZE_PX, type TargetAge } from '@shared/catalog';
import { MAX_RENDER_ATTEMPTS, storageKeys } from '@shared/deployment';
import { messages } from '@shared/messages';
import type { Deps } from '../deps';
import { AiCapabilityUnavailableError, PermanentRenderError } from '../errors';
import type { FaceBox, RenderMessage } from '../ports';
import { notifyRenderDone } from './notify-done';

/** Milliseconds per stage of one render (detect is 0 when the face was known). */
export type RenderTimings = {
  decode: number;
  detect: number;
  age: number;
  watermark: number;
  encode: number;
};

export type RenderOutcome =
  | { outcome: 'done'; face: FaceBox; timings: RenderTimings }
  | { outcome: 'skipped'; reason: 'upload-gone' | 'not-processing' }
  | { outcome: 'failed'; reason: string };

/** A render stuck in "processing" this long (a crashed or timed-out worker) is shown as failed. */
export const RENDER_GIVE_UP_AFTER_MS = 15 * 60_000;

const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/**
 * Content-addressed names: two racing deliveries never overwrite each other's files, and the
 * one that wins the conditional update is the one whose files are recorded.
 */
export function previewKeyFor(uploadId: string, age: TargetAge, preview: Buffer): string {
  return storageKeys.preview(uploadId, age, contentHash(preview));
}

export function hdKeyFor(uploadId: string, age: TargetAge, hd: Buffer): string {
  return storageKeys.hd(uploadId, age, contentHash(hd));
}

export async function renderJob(
  deps: Deps,
  message: RenderMessage,
  known: { face?: FaceBox } = {},
): Promise<RenderOutcome> {
  const { uploadId, age } = message;
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  // Deleted by the parent, or expired: nothing to render.
  if (!found) return { outcome: 'skipped', reason: 'upload-gone' };
  const job = found.jobs.find((j) => j.age === age);
  // Should not happen after complete's transaction; retrying is safer than dropping the job.
  if (!job || !found.upload.fileKey) throw new Error(`job ${uploadId}/${age} is not ready to render`);
  // A duplicate delivery of a finished job changes nothing.
  if (job.status !== 'processing') return { outcome: 'skipped', reason: 'not-processing' };
  const { upload } = found;

  const original = await deps.blobs.get('uploads', upload.fileKey!);
  let images: AgeImages;
  try {
    images = await makeAgeImages(deps, { original, targetAge: age, face: known.face ?? upload.face });
  } catch (error) {
    // Retrying will not give this photo a face, nor the configuration a provider.
    const messageKey =
      error instanceof PermanentRenderError || error instanceof AiCapabilityUnavailableError
        ? error.messageKey
        : undefined;
    if (!messageKey) throw error;
    await deps.uploads.failJob(uploadId, age, messages[messageKey]);
    return { outcome: 'failed', reason: messages[messageKey] };
  }
  if (!upload.face) await deps.uploads.saveFace(uploadId, images.face);
  const { hd, preview } = images;

  const anonymous = upload.owner.startsWith('session:');
  const previewKey = previewKeyFor(uploadId, age, preview);
  const hdKey = hdKeyFor(uploadId, age, hd);
  await Promise.all([
    deps.blobs.put('renders', previewKey, preview, {
      contentType: 'image/jpeg',
      // A day, not forever: a deleted or expired child's photo must leave the CDN soon after.
      cacheControl: 'public, max-age=86400',
      anonymous,
    }),
    deps.blobs.put('renders', hdKey, hd, { contentType: 'image/jpeg', anonymous }),
  ]);
  const completed = await deps.uploads.completeJob(uploadId, age, { previewKey, hdKey });
  if (!completed) {
    await discardUnrecorded(deps, message, [previewKey, hdKey]);
    return { outcome: 'skipped', reason: 'not-processing' };
  }
  if (anonymous) await keepIfMigrated(deps, uploadId, [previewKey, hdKey]);
  // Only the delivery that completed the job gets here, so the email goes out once.
  await notifyRenderDone(deps, job);
  return { outcome: 'done', face: images.face, timings: images.timings };
}

export type AgeImages = { hd: Buffer; preview: Buffer; face: FaceBox; timings: RenderTimings };

/** The worker's two image steps (the render benchmark times the same): age at HD size, then the watermarked preview. */
export async function makeAgeImages(
  deps: Pick<Deps, 'imageAI' | 'previews'>,
  input: { original: Buffer; targetAge: TargetAge; face?: FaceBox },
): Promise<AgeImages> {
  const aged = await deps.imageAI.ageProgress({
    image: input.original,
    targetAge: input.targetAge,
    face: input.face,
    size: HD_SIZE_PX,
  });
  const preview = await deps.previews.preview(aged.image);
  const { decode, detect, age, encode } = aged.timings;
  const timings = {
    decode,
    detect,
    age,
    watermark: preview.timings.watermark,
    encode: encode + preview.timings.encode,
  };
  return { hd: aged.image, preview: preview.jpeg, face: aged.face, timings: roundTimings(timings) };
}

const roundTimings = (timings: RenderTimings): RenderTimings =>
  Object.fromEntries(
    Object.entries(timings).map(([stage, ms]) => [stage, Math.round(ms * 10) / 10]),
  ) as RenderTimings;

/**
 * Another delivery won, or the upload was deleted while we rendered: files no job records would
 * never be deleted with the upload, so remove them now (identical renders share names: keep those).
 */
async function discardUnrecorded(deps: Deps, { uploadId, age }: RenderMessage, keys: string[]) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  const job = found?.jobs.find((j) => j.age === age);
  const recorded = new Set([job?.previewKey, job?.hdKey]);
  const orphans = keys.filter((key) => !recorded.has(key));
  await deps.blobs.delete('renders', orphans).catch((error) => {
    deps.logger.warn('could not delete unrecorded render files', { uploadId, age, error: String(error) });
  });
}

/** The upload joined an account while we rendered: its files must not expire as anonymous ones. */
async function keepIfMigrated(deps: Deps, uploadId: string, keys: string[]) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found || found.upload.owner.startsWith('session:')) return;
  await Promise.all(keys.map((key) => deps.blobs.clearAnonymousTag('renders', key))).catch((error) => {
    // A retry would find the job done and skip: this needs an operator, hence an error.
    deps.logger.error('could not clear the anonymous tag of a migrated render', {
      uploadId,
      keys,
      error: String(error),
    });
  });
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
