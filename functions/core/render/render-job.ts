/**
 * The render worker's use case: age one photo to one target age, store the watermarked preview
 * and the private HD file, and mark the job done exactly once.
 */
import { HD_SIZE_PX, type TargetAge } from '@shared/catalog';
import { MAX_RENDER_ATTEMPTS } from '@shared/deployment';
import { messages } from '@shared/messages';
import type { Deps } from '../deps';
import { AiCapabilityUnavailableError, PermanentRenderError } from '../errors';
import { onRenderFailedForGood } from '../payments/refunds';
import type { FaceBox, RenderMessage } from '../ports';
import { startPrediction } from './hosted-render';
import type { RenderJobDeps } from './render-deps';
import type { RenderOutcome, RenderTimings } from './render-outcome';
import { previewLandmarks, storeAndComplete } from './store-render';

export async function renderJob(
  deps: RenderJobDeps,
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
  // Redelivered after its prediction started: the webhook or the sweeper finishes it.
  if (job.prediction) return { outcome: 'skipped', reason: 'prediction-running' };
  const { upload } = found;

  const original = await deps.blobs.get('uploads', upload.fileKey!);
  const face = known.face ?? upload.face;
  const hosted = deps.imageAI.hostedAgeing;
  try {
    if (hosted) return await startPrediction(deps, hosted, { upload, age, original, face, attempt: 1 });
    const images = await makeAgeImages(deps, { original, targetAge: age, face });
    if (!upload.face) await deps.uploads.saveFace(uploadId, images.face);
    // Found while the files are stored (it never throws).
    const landmarks = previewLandmarks(deps, images.preview, message);
    const files = { hd: images.hd, preview: images.preview, landmarks };
    return await storeAndComplete(deps, { upload, job, ...files }, () => ({
      outcome: 'done',
      face: images.face,
      timings: images.timings,
    }));
  } catch (error) {
    // Retrying will not give this photo a face, nor the configuration a provider.
    const messageKey =
      error instanceof PermanentRenderError || error instanceof AiCapabilityUnavailableError
        ? error.messageKey
        : undefined;
    if (!messageKey) throw error;
    await deps.uploads.failJob(uploadId, age, messages[messageKey]);
    deps.metrics.count('RendersFailed');
    await onRenderFailedForGood(deps, uploadId, age);
    return { outcome: 'failed', reason: messages[messageKey] };
  }
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

/** Called when an attempt threw: on the last attempt the job is marked failed for the page. */
export async function recordRenderFailure(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments' | 'uploads'>,
  message: RenderMessage,
  attempt: number,
  error: unknown,
) {
  deps.logger.error('render attempt failed', { ...message, attempt, error: String(error) });
  if (attempt >= MAX_RENDER_ATTEMPTS) {
    await deps.uploads.failJob(message.uploadId, message.age, messages.renderFailed);
    await onRenderFailedForGood(deps, message.uploadId, message.age);
  }
}
