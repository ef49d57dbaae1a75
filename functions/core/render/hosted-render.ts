/**
 * Hosted ageing, event-driven: the render worker starts a prediction and returns; the
 * provider's webhook (or the sweeper) queues a check, and the check finishes the job: the identity
 * guard, with the files stored meanwhile, then the same completion as an inline render. A drifted
 * or faceless result is retried once with a new prediction (its files deleted), then the job fails
 * with the reason its card shows.
 */
import { HD_SIZE_PX, type TargetAge } from '@shared/catalog';
import { messages } from '@shared/messages';
import { judgeIdentity } from '@shared/rules/identity';
import type { Deps } from '../deps';
import type { HostedAgeing } from '../image-ai';
import { onRenderFailedForGood } from '../payments/refunds';
import type { FaceBox, RenderJobRecord, UploadRecord } from '../ports';
import type { HostedCheck, PredictionLink } from './prediction-ports';
import type { CheckPredictionDeps } from './render-deps';
import type { RenderOutcome } from './render-outcome';
import { completeWithFiles, discardUnrecorded, previewLandmarks, storeFiles } from './store-render';

/** What checking a prediction came to. */
export type PredictionOutcome =
  | RenderOutcome
  | { outcome: 'running'; link: PredictionLink }
  | { outcome: 'retried'; predictionId: string; why: string }
  | { outcome: 'ignored'; reason: 'unknown-prediction' | 'stale' | 'no-hosted-provider' };

type StartInput = {
  upload: UploadRecord;
  age: TargetAge;
  original: Buffer;
  face?: FaceBox;
  attempt: 1 | 2;
};

/** Creates the prediction and records it on the job; the worker returns without waiting for it. */
export async function startPrediction(
  deps: Pick<Deps, 'aiWebhookUrl' | 'clock' | 'logger' | 'predictions' | 'uploads'>,
  hosted: HostedAgeing,
  { upload, age, original, face, attempt }: StartInput,
): Promise<RenderOutcome> {
  const started = await hosted.start({
    image: original,
    targetAge: age,
    face,
    webhookUrl: deps.aiWebhookUrl,
  });
  const { id: predictionId, provider, model } = started.prediction;
  // The face found is the photo's whichever delivery records its prediction (the first saved stays).
  const savingFace = upload.face ? undefined : deps.uploads.saveFace(upload.id, started.face);
  savingFace?.catch(() => {}); // awaited below once the prediction is recorded; moot if it is cancelled
  const recorded = await deps.predictions.start({
    predictionId,
    uploadId: upload.id,
    age,
    attempt,
    provider,
    model,
    startedAt: deps.clock.now().toISOString(),
  });
  if (!recorded) {
    // Another delivery started one first, or the job ended meanwhile: this one would be paid for nothing.
    await cancelQuietly(deps, hosted, predictionId);
    return { outcome: 'skipped', reason: 'prediction-running' };
  }
  await savingFace;
  deps.logger.info('hosted prediction started', { uploadId: upload.id, age, attempt, predictionId, model });
  return { outcome: 'started', face: started.face, predictionId };
}

/** Checks a prediction the webhook or the sweeper named and, when it has ended, finishes its job. */
export async function checkPrediction(
  deps: CheckPredictionDeps,
  predictionId: string,
): Promise<PredictionOutcome> {
  const hosted = deps.imageAI.hostedAgeing;
  if (!hosted) return { outcome: 'ignored', reason: 'no-hosted-provider' };
  // The provider is asked while the job is looked up: a webhook names a prediction that has ended,
  // nearly always one of ours; a replayed or foreign one costs a wasted download, nothing more.
  const checking = hosted.check(predictionId, HD_SIZE_PX);
  checking.catch(() => {}); // awaited below, unless the prediction is not a running job's
  const link = await deps.predictions.find(predictionId);
  // Not one of ours (or its job's items expired): nothing to do, nothing to say to the sender.
  if (!link) return { outcome: 'ignored', reason: 'unknown-prediction' };
  const found = await deps.uploads.getUploadWithJobs(link.uploadId);
  const job = found?.jobs.find((j) => j.age === link.age);
  // A replayed webhook, a superseded attempt, a deleted upload: the job has moved on.
  if (!found || !job || job.status !== 'processing' || job.prediction?.id !== predictionId) {
    await deps.predictions.end(predictionId);
    return { outcome: 'ignored', reason: 'stale' };
  }

  const { upload } = found;
  const fetchingOriginal = deps.blobs.get('uploads', upload.fileKey!);
  fetchingOriginal.catch(() => {}); // awaited below, unless the prediction is still running
  const state = await checking;
  if (state.status === 'running') return { outcome: 'running', link };
  const costUsd = addCost(job.hostedCheck?.costUsd ?? null, state.cost.usd);
  deps.logger.info('hosted prediction ended', {
    uploadId: link.uploadId,
    age: link.age,
    predictionId,
    attempt: link.attempt,
    status: state.status,
    predictTimeSec: state.cost.predictTimeSec,
    costUsd: state.cost.usd,
    jobCostUsd: costUsd,
  });
  const original = await fetchingOriginal;
  const context = { deps, hosted, link, upload, job, original };

  if (state.status === 'failed') {
    await deps.predictions.recordCheck(link.uploadId, link.age, {
      identityDistance: null,
      estimatedAge: null,
      costUsd,
    });
    return retryOrFail(context, messages.aiProviderFailed, state.reason);
  }

  // The preview and the private file are made and stored (pending) while the guard looks, on
  // sharp's threads beside face-api's: a refused result wastes them (they are deleted), a kept one
  // (nearly all) is done sooner. A ~1 MP answer is stored as it is: its HD file is made when
  // someone downloads it (hd-source.ts), not for every render.
  const previewing = deps.previews.preview(state.image);
  const storing = Promise.all([previewing, state.jpeg()]).then(([preview, hd]) =>
    storeFiles(deps, upload, job.age, {
      hd,
      hdIsSource: state.image.width < HD_SIZE_PX,
      preview: preview.jpeg,
    }),
  );
  storing.catch(() => {}); // awaited below, or its files discarded when the guard refuses the result
  // Files no job will record are deleted (best effort: pending, they expire anyway).
  const discardStored = () =>
    storing
      .then((stored) => discardUnrecorded(deps, link, [stored.previewKey, stored.hdKey]))
      .catch((error) =>
        deps.logger.warn('could not discard a check’s files', { predictionId, error: String(error) }),
      );
  const [before, after] = await Promise.all([
    // The face that was aged: in a group photo, not necessarily the largest.
    deps.faceIdentity.signature(original, upload.face),
    deps.faceIdentity.signature(state.image),
  ]).catch(async (error) => {
    await discardStored();
    throw error;
  });
  // The original's face was found when the prediction started; without it there is nothing to compare.
  const verdict = before
    ? judgeIdentity(before.descriptor, after?.descriptor ?? null)
    : ({ ok: false, distance: null, why: 'no-face' } as const);
  const check: HostedCheck = {
    identityDistance: verdict.distance,
    estimatedAge: after ? Math.round(after.estimatedAge * 10) / 10 : null,
    costUsd,
  };
  if (!verdict.ok) {
    await Promise.all([deps.predictions.recordCheck(link.uploadId, link.age, check), discardStored()]);
    return retryOrFail(context, messages.identityDrifted, `identity: ${verdict.why}`);
  }
  const [stored, preview] = await Promise.all([storing, previewing]);
  const landmarks = await previewLandmarks(deps, preview.jpeg, { uploadId: link.uploadId, age: link.age });

  // The check is written with the completion, and the link ends once the job is done (a worker
  // that dies before leaves it for the sweeper), beside the files' commit.
  const outcome = await completeWithFiles(
    deps,
    { upload, job, stored, hostedCheck: check, landmarks },
    () => ({
      outcome: 'done',
      face: upload.face!,
      timings: {
        decode: 0,
        detect: 0,
        age: 0,
        watermark: preview.timings.watermark,
        encode: preview.timings.encode,
      },
    }),
    () => deps.predictions.end(predictionId),
  );
  // A delivery that lost to another ends the link too (idempotent).
  if (outcome.outcome !== 'done') await deps.predictions.end(predictionId);
  return outcome;
}

type CheckContext = {
  deps: Pick<
    Deps,
    'aiWebhookUrl' | 'clock' | 'logger' | 'paymentStore' | 'payments' | 'predictions' | 'uploads'
  >;
  hosted: HostedAgeing;
  link: PredictionLink;
  upload: UploadRecord;
  job: RenderJobRecord;
  original: Buffer;
};

/** The first attempt gets one more prediction; the second fails the job with `reason`. */
async function retryOrFail(
  { deps, hosted, link, upload, original }: CheckContext,
  reason: string,
  why: string,
): Promise<PredictionOutcome> {
  await deps.predictions.end(link.predictionId);
  if (link.attempt === 1) {
    const retried = await startPrediction(deps, hosted, {
      upload,
      age: link.age,
      original,
      face: upload.face,
      attempt: 2,
    });
    if (retried.outcome === 'started') return { outcome: 'retried', predictionId: retried.predictionId, why };
    return retried;
  }
  await deps.uploads.failJob(link.uploadId, link.age, reason);
  await onRenderFailedForGood(deps, link.uploadId, link.age);
  deps.logger.warn('hosted render failed', { uploadId: link.uploadId, age: link.age, why });
  return { outcome: 'failed', reason };
}

export async function cancelQuietly(deps: Pick<Deps, 'logger'>, hosted: HostedAgeing, predictionId: string) {
  await hosted.cancel(predictionId).catch((error) => {
    deps.logger.warn('could not cancel a prediction', { predictionId, error: String(error) });
  });
}

const addCost = (a: number | null, b: number | null) =>
  a === null && b === null ? null : Math.round(((a ?? 0) + (b ?? 0)) * 1e6) / 1e6;
