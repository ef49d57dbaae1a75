/**
 * A batch of render-queue messages: renders, and the worker's other tasks (prediction checks,
 * the sweeper's tick). Jobs of one upload share one face detection: the first job of each
 * upload detects, the others reuse its face and render (or start their predictions) in parallel.
 */
import { PREVIEW_AGES, UPSELL_AGES } from '@shared/catalog';
import { z } from 'zod';
import { runAiTest } from '../admin/ai-tests';
import { correlated } from '../correlation';
import type { Deps } from '../deps';
import type { FaceBox, RenderMessage } from '../ports';
import { checkPrediction } from './hosted-render';
import type { RenderBatchDeps, RenderJobDeps } from './render-deps';
import { recordRenderFailure, renderJob } from './render-job';
import type { RenderTask } from './render-tasks';
import { sweepPredictions } from './sweep-predictions';
import { sweepStuckJobs } from './sweep-stuck-jobs';

const ages = [...PREVIEW_AGES, ...UPSELL_AGES] as number[];
export const renderMessageSchema = z.object({
  uploadId: z.uuid(),
  age: z.number().refine((n) => ages.includes(n), 'unknown target age'),
});
const renderTaskSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prediction'), predictionId: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('sweep') }),
  z.object({ kind: z.literal('ai-run'), runId: z.uuid() }),
]);

export type BatchItem = {
  id: string;
  body: string;
  attempt: number;
  /** The request that queued it (functions/core/correlation.ts); else the message id stands in. */
  correlationId?: string;
};

/**
 * The deps of one batch: an original photo is read from S3 once for all its jobs (the same bytes,
 * so the same Buffer, which also lets the image adapters reuse what they made of it).
 */
function withOriginalsReadOnce<D extends Pick<Deps, 'blobs'>>(deps: D): D {
  const originals = new Map<string, Promise<Buffer>>();
  const get: Deps['blobs']['get'] = (bucket, key) => {
    if (bucket !== 'uploads') return deps.blobs.get(bucket, key);
    let read = originals.get(key);
    if (!read) {
      read = deps.blobs.get(bucket, key);
      originals.set(key, read);
      read.catch(() => originals.delete(key));
    }
    return read;
  };
  return { ...deps, blobs: { ...deps.blobs, get } };
}

/** Returns the ids of the items to retry. */
export async function renderBatch(batchDeps: RenderBatchDeps, items: BatchItem[]): Promise<string[]> {
  const deps = withOriginalsReadOnce(batchDeps);
  const failed: string[] = [];
  const groups = new Map<string, { item: BatchItem; message: RenderMessage }[]>();
  const tasks: { item: BatchItem; task: RenderTask }[] = [];
  for (const item of items) {
    const task = parseAs(renderTaskSchema, item.body);
    if (task) {
      tasks.push({ item, task });
      continue;
    }
    const parsed = parseAs(renderMessageSchema, item.body) as RenderMessage | null;
    if (!parsed) {
      // Unreadable messages are retried and then land in the DLQ for an engineer to look at.
      deps.logger.error('unreadable render message', { messageId: item.id, body: item.body.slice(0, 200) });
      failed.push(item.id);
      continue;
    }
    const group = groups.get(parsed.uploadId) ?? [];
    group.push({ item, message: parsed });
    groups.set(parsed.uploadId, group);
  }

  await Promise.all([
    ...[...groups.values()].map(async ([first, ...rest]) => {
      const firstResult = await correlated(first.item, () =>
        attempt(deps, first.item, first.message, undefined, failed),
      );
      const known = firstResult?.outcome === 'done' || firstResult?.outcome === 'started';
      const face = known ? firstResult.face : undefined;
      await Promise.all(
        rest.map(({ item, message }) => correlated(item, () => attempt(deps, item, message, face, failed))),
      );
    }),
    ...tasks.map(({ item, task }) => correlated(item, () => runTask(deps, item, task, failed))),
  ]);
  return failed;
}

async function runTask(deps: RenderBatchDeps, item: BatchItem, task: RenderTask, failed: string[]) {
  try {
    if (task.kind === 'prediction') {
      const result = await checkPrediction(deps, task.predictionId);
      deps.logger.info('prediction check', { ...task, attempt: item.attempt, outcome: result.outcome });
    } else if (task.kind === 'sweep') {
      // Predictions first: a prediction given up fails its job with its own reason before the
      // stuck-job rule (later, and for every render) would.
      await sweepPredictions(deps);
      await sweepStuckJobs(deps);
    } else {
      await runAiTest(deps, task.runId);
    }
  } catch (error) {
    // Retried by SQS, then the DLQ; a prediction's job is also caught by the sweeper or the give-up.
    deps.logger.error('render task failed', { ...task, attempt: item.attempt, error: String(error) });
    failed.push(item.id);
  }
}

async function attempt(
  deps: RenderJobDeps,
  item: BatchItem,
  message: RenderMessage,
  face: FaceBox | undefined,
  failed: string[],
) {
  try {
    const result = await renderJob(deps, message, { face });
    deps.logger.info('render job', { ...message, attempt: item.attempt, ...result });
    return result;
  } catch (error) {
    failed.push(item.id);
    await recordRenderFailure(deps, message, item.attempt, error).catch((e) =>
      deps.logger.error('could not record the failure', { error: String(e) }),
    );
    return undefined;
  }
}

/** The body as the schema reads it, or null when it is not JSON or not that shape. */
function parseAs<T>(schema: z.ZodType<T>, body: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(body));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
