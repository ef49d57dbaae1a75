/**
 * The second half of "write, then record": files written before the transaction that names them
 * carry the pending tag (PENDING_TAG in shared/deployment.ts), so a transaction that fails or never
 * runs leaves nothing that lives forever. Once the transaction has recorded them, this takes the tag
 * off.
 */
import type { Deps } from './deps';
import type { BlobBucket } from './ports';

const COMMIT_ATTEMPTS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Never throws: the transaction already happened and the caller's answer stands. A commit that keeps
 * failing is logged as an error, since S3 would delete, after PENDING_TAG's days, files the table names.
 */
export async function commitFiles(
  deps: Pick<Deps, 'blobs' | 'logger'>,
  bucket: BlobBucket,
  keys: string[],
  opts: { anonymous: boolean },
  context: Record<string, unknown> = {},
): Promise<boolean> {
  if (keys.length === 0) return true;
  let lastError: unknown;
  for (let attempt = 1; attempt <= COMMIT_ATTEMPTS; attempt++) {
    try {
      await deps.blobs.commit(bucket, keys, opts);
      return true;
    } catch (error) {
      lastError = error;
      if (attempt < COMMIT_ATTEMPTS) await sleep(50 * attempt);
    }
  }
  deps.logger.error('could not commit recorded files: they keep the pending tag and expire unless cleared', {
    ...context,
    bucket,
    keys,
    error: String(lastError),
  });
  return false;
}
