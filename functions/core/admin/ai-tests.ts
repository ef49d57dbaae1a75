/**
 * The operators' AI test pages. Age tests go
 * through the real render pipeline (the operator's own upload, a queued job, the worker, the
 * webhook when hosted); scene prompts and face swaps are queued runs the render worker performs,
 * so a slow model never meets the API's 30-second limit. Every answer says which provider and
 * model answered, and what is missing when none can.
 */
import type { TargetAge } from '@shared/catalog';
import { storageKeys } from '@shared/deployment';
import { messages } from '@shared/messages';
import { describeDemoImage } from '@shared/rules/demo-image';
import type { AgeTestView, AiProviders, AiRunView, CreateAiRunRequest } from '@shared/schemas/admin-ai';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import { ageingEngine, type ImageAIAnswers, type ImageCapability } from '../image-ai';
import type { Principal, UploadRecord } from '../ports';
import type { AiRunInput, AiRunRecord } from './ai-test-ports';

const HD_LINK_SECONDS = 10 * 60;
const TEST_SCENE_SIDE = 1024;

export function getAiProviders(
  deps: Pick<Deps, 'ageTestDemoImage'> & { imageAI: ImageAIAnswers },
): AiProviders {
  const capabilities = Object.fromEntries(
    Object.entries(deps.imageAI.answers).map(([capability, answer]) => [
      capability,
      { provider: answer.provider, model: answer.model, missing: answer.missing ?? null },
    ]),
  ) as AiProviders['capabilities'];
  return {
    capabilities,
    ageingEngine: ageingEngine(deps.imageAI),
    ageTestDemoImage: deps.ageTestDemoImage ? describeDemoImage(deps.ageTestDemoImage) : null,
  };
}

/** The operator's own finished upload, or 404 (someone else's photo is never reachable). */
async function ownUpload(deps: Pick<Deps, 'uploads'>, principal: Principal, uploadId: string) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found || principal.kind !== 'user' || found.upload.owner !== `user:${principal.sub}`) {
    throw new DomainError('not_found', 'uploadNotFound');
  }
  if (found.upload.status !== 'ready' || !found.upload.fileKey) {
    throw new DomainError('conflict', 'aiTestUploadNotReady');
  }
  return found as { upload: UploadRecord & { fileKey: string }; jobs: typeof found.jobs };
}

export async function startAgeTest(
  deps: Pick<Deps, 'blobs' | 'clock' | 'previewsBaseUrl' | 'renderQueue' | 'uploads'> & {
    imageAI: ImageAIAnswers;
  },
  principal: Principal,
  request: { uploadId: string; targetAge: TargetAge },
): Promise<AgeTestView> {
  const { upload } = await ownUpload(deps, principal, request.uploadId);
  const now = deps.clock.now().toISOString();
  const added = await deps.uploads.addJob({
    uploadId: upload.id,
    age: request.targetAge,
    status: 'processing',
    hdUnlocked: true,
    updatedAt: now,
  });
  if (!added) throw new DomainError('conflict', 'aiTestAgeTaken');
  await deps.renderQueue.enqueue([{ uploadId: upload.id, age: request.targetAge }]);
  await deps.uploads.markQueued(upload.id, [request.targetAge]);
  return getAgeTest(deps, principal, upload.id);
}

export async function getAgeTest(
  deps: Pick<Deps, 'blobs' | 'previewsBaseUrl' | 'uploads'> & { imageAI: ImageAIAnswers },
  principal: Principal,
  uploadId: string,
): Promise<AgeTestView> {
  const { jobs } = await ownUpload(deps, principal, uploadId);
  return {
    uploadId,
    ageingEngine: ageingEngine(deps.imageAI),
    jobs: await Promise.all(
      jobs.map(async (job) => ({
        age: job.age,
        status: job.status === 'done' || job.status === 'failed' ? job.status : 'processing',
        failureReason: job.failureReason ?? null,
        previewUrl:
          job.status === 'done' && job.previewKey ? `${deps.previewsBaseUrl}/${job.previewKey}` : null,
        hdUrl:
          job.status === 'done' && job.hdKey
            ? await deps.blobs.presignGet('renders', job.hdKey, {
                expiresInSeconds: HD_LINK_SECONDS,
                fileName: `age-test-${job.age}.jpg`,
                disposition: 'inline',
              })
            : null,
        prediction: job.prediction ?? null,
        identityDistance: job.hostedCheck?.identityDistance ?? null,
        estimatedAge: job.hostedCheck?.estimatedAge ?? null,
        costUsd: job.hostedCheck?.costUsd ?? null,
        updatedAt: job.updatedAt,
      })),
    ),
  };
}

const capabilityOf = (input: AiRunInput): ImageCapability =>
  input.kind === 'scene' ? 'generateScene' : 'faceSwap';

export async function createAiRun(
  deps: Pick<Deps, 'aiRuns' | 'blobs' | 'clock' | 'renderQueue' | 'uploads'> & { imageAI: ImageAIAnswers },
  principal: Principal,
  request: CreateAiRunRequest,
): Promise<AiRunView> {
  if (principal.kind !== 'user') throw new DomainError('forbidden', 'adminOnly');
  let input: AiRunInput;
  // The schema made sure each kind has its fields.
  if (request.kind === 'scene') input = { kind: 'scene', prompt: request.prompt! };
  else {
    const [background, face] = await Promise.all([
      ownUpload(deps, principal, request.backgroundUploadId!),
      ownUpload(deps, principal, request.faceUploadId!),
    ]);
    input = { kind: 'faceSwap', backgroundKey: background.upload.fileKey, faceKey: face.upload.fileKey };
  }
  const answer = deps.imageAI.answers[capabilityOf(input)];
  const run: AiRunRecord = {
    id: crypto.randomUUID(),
    input,
    status: 'queued',
    provider: answer.provider,
    model: answer.model,
    createdBy: principal.sub,
    createdAt: deps.clock.now().toISOString(),
  };
  await deps.aiRuns.create(run);
  await deps.renderQueue.enqueueTask({ kind: 'ai-run', runId: run.id });
  return toView(deps, run);
}

export async function getAiRun(deps: Pick<Deps, 'aiRuns' | 'blobs'>, runId: string): Promise<AiRunView> {
  const run = await deps.aiRuns.get(runId);
  if (!run) throw new DomainError('not_found', 'aiTestRunNotFound');
  return toView(deps, run);
}

async function toView(deps: Pick<Deps, 'blobs'>, run: AiRunRecord): Promise<AiRunView> {
  return {
    runId: run.id,
    kind: run.input.kind,
    status: run.status,
    provider: run.provider,
    model: run.model,
    generationTime: run.generationTime ?? null,
    imageUrl: run.outputKey
      ? await deps.blobs.presignGet('renders', run.outputKey, {
          expiresInSeconds: HD_LINK_SECONDS,
          fileName: `ai-test-${run.id}.jpg`,
          disposition: 'inline',
        })
      : null,
    error: run.error ?? null,
    details: run.details ?? null,
    createdAt: run.createdAt,
  };
}

/** The render worker's side of a test run: call the capability, keep its output or its error. */
export async function runAiTest(
  deps: Pick<Deps, 'aiRuns' | 'blobs' | 'imageAI' | 'logger'>,
  runId: string,
): Promise<void> {
  const run = await deps.aiRuns.get(runId);
  if (!run || !(await deps.aiRuns.markRunning(runId))) return;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const image = await perform(deps, run.input);
    const outputKey = storageKeys.aiTestOutput(runId);
    await deps.blobs.put('renders', outputKey, image, { contentType: 'image/jpeg' });
    await deps.aiRuns.finish(runId, { status: 'succeeded', generationTime: elapsed(), outputKey });
  } catch (error) {
    // A test page shows the error inline; a domain error has its own words, anything else its text.
    deps.logger.warn('AI test run failed', { runId, kind: run.input.kind, error: String(error) });
    const friendly = error instanceof DomainError ? messages[error.messageKey] : messages.aiTestFailed;
    const detail = error instanceof Error ? error.message : String(error);
    await deps.aiRuns.finish(runId, {
      status: 'failed',
      generationTime: elapsed(),
      error: friendly,
      details: (detail === friendly && error instanceof DomainError ? error.code : detail).slice(0, 500),
    });
  }
}

async function perform(deps: Pick<Deps, 'blobs' | 'imageAI'>, input: AiRunInput): Promise<Buffer> {
  if (input.kind === 'scene') {
    const { image } = await deps.imageAI.generateScene({
      prompt: input.prompt,
      width: TEST_SCENE_SIDE,
      height: TEST_SCENE_SIDE,
      purpose: 'prompt-test',
    });
    return image;
  }
  const [target, source] = await Promise.all([
    deps.blobs.get('uploads', input.backgroundKey),
    deps.blobs.get('uploads', input.faceKey),
  ]);
  return (await deps.imageAI.faceSwap({ source, target })).image;
}
