/** A render job as an item of the single table (pk UPLOAD#id, sk JOB#age). */
import type { TargetAge } from '@shared/catalog';
import type { RenderJobRecord } from '../../core/ports';
import { keys } from './table-design';

type Item = Record<string, unknown>;

export function jobFromItem(item: Item): RenderJobRecord {
  return {
    uploadId: item.uploadId as string,
    age: item.age as TargetAge,
    status: item.status as RenderJobRecord['status'],
    previewKey: item.previewKey as string | undefined,
    hdKey: item.hdKey as string | undefined,
    hdUnlocked: Boolean(item.hdUnlocked),
    failureReason: item.failureReason as string | undefined,
    notify: item.notify as RenderJobRecord['notify'],
    unlockedBy: item.unlockedBy as string | undefined,
    queuedAt: item.queuedAt as string | undefined,
    prediction: item.prediction as RenderJobRecord['prediction'],
    hostedCheck: item.hostedCheck as RenderJobRecord['hostedCheck'],
    requeues: item.requeues as number | undefined,
    retries: item.retries as number | undefined,
    landmarks: item.landmarks as RenderJobRecord['landmarks'],
    updatedAt: item.updatedAt as string,
    expiresAt: item.ttl as number | undefined,
  };
}

export function jobItem(job: RenderJobRecord): Item {
  const { expiresAt, ...rest } = job;
  return {
    ...keys.job(job.uploadId, job.age),
    // In the sparse in-progress index while processing (the transitions out of it remove the keys).
    ...(job.status === 'processing' ? keys.processingJobsIndex(job.updatedAt, job.uploadId, job.age) : {}),
    type: 'job',
    ...rest,
    ...(expiresAt ? { ttl: expiresAt } : {}),
  };
}
