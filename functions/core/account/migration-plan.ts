/** Pure rules of migration: which uploads move, where their originals go, how transactions are cut. */
import type { MigrationPlan, OwnerRef, RenderJobRecord, UploadRecord } from '../ports';
import { originalKeyFor } from '../uploads/create-upload';

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/** An upload moves when it still belongs to the session, was not migrated and has its photo. */
export function isMigratable(upload: UploadRecord, from: OwnerRef): boolean {
  return upload.owner === from && !upload.migrated && upload.status === 'ready' && Boolean(upload.fileKey);
}

export function planMigration(
  upload: UploadRecord,
  jobs: RenderJobRecord[],
  from: OwnerRef,
  to: OwnerRef,
): MigrationPlan {
  return {
    upload,
    jobs,
    from,
    to,
    fileKey: originalKeyFor({ id: upload.id, owner: to }),
  };
}

/** Transaction items of one plan: the upload and each of its jobs. */
export const itemsOf = (plan: MigrationPlan) => 1 + plan.jobs.length;

/**
 * Cuts plans into transactions of at most `max` items, never splitting one upload's items, in the
 * given order. 20 uploads with 3 jobs each (80 items) stay one transaction.
 */
export function chunkMigrations(plans: MigrationPlan[], max = MAX_TRANSACTION_ITEMS): MigrationPlan[][] {
  const chunks: MigrationPlan[][] = [];
  let current: MigrationPlan[] = [];
  let size = 0;
  for (const plan of plans) {
    const items = itemsOf(plan);
    if (items > max)
      throw new Error(`upload ${plan.upload.id} has ${items} items, more than one transaction`);
    if (size + items > max) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(plan);
    size += items;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** Oldest first, as the migration reply lists them (ISO timestamps sort as text). */
export function oldestFirst<T extends { upload: Pick<UploadRecord, 'createdAt' | 'id'> }>(items: T[]): T[] {
  return [...items].sort(
    (a, b) => a.upload.createdAt.localeCompare(b.upload.createdAt) || a.upload.id.localeCompare(b.upload.id),
  );
}
