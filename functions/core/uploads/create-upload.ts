/** Step 1 of an upload: check what the browser declares and hand out a presigned PUT. */
import { ANONYMOUS_RETENTION_DAYS } from '@shared/catalog';
import { storageKeys } from '@shared/deployment';
import { checkDeclaredFile, UPLOAD_RULES } from '@shared/rules/upload-file';
import type { CreateUploadRequest, CreateUploadResponse } from '@shared/schemas/uploads';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal, UploadRecord } from '../ports';
import { takeQuota } from '../quotas';
import { ownerFor } from './ownership';

export const PRESIGNED_PUT_SECONDS = 600;
const DAY_SECONDS = 86_400;

export function anonymousExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + ANONYMOUS_RETENTION_DAYS * DAY_SECONDS;
}

/**
 * Raw files land under incoming/, which a lifecycle rule empties after a day: they may carry
 * camera metadata, and only the normalised copy is kept after completion.
 */
export function incomingKeyFor(upload: Pick<UploadRecord, 'id'>): string {
  return storageKeys.incoming(upload.id);
}

/** temp/ (anonymous, expires) or users/ (kept until the parent deletes it). */
export function originalKeyFor(upload: Pick<UploadRecord, 'id' | 'owner'>): string {
  return storageKeys.original(upload.owner, upload.id);
}

export async function createUpload(
  deps: Pick<Deps, 'blobs' | 'clock' | 'metrics' | 'quotaLimits' | 'quotas' | 'uploads'>,
  principal: Principal,
  request: CreateUploadRequest,
): Promise<CreateUploadResponse> {
  const owner = ownerFor(principal);
  const purpose = request.purpose ?? 'previews';
  const check = checkDeclaredFile({ size: request.size, type: request.contentType }, purpose);
  if (!check.ok) {
    const tooLarge = check.messageKey === UPLOAD_RULES[purpose].tooLarge;
    throw new DomainError(tooLarge ? 'too_large' : 'invalid', check.messageKey);
  }
  await takeQuota(deps, principal, 'upload');
  const now = deps.clock.now();
  const upload: UploadRecord = {
    id: crypto.randomUUID(),
    owner,
    status: 'awaiting_file',
    incomingKey: '',
    declaredType: request.contentType,
    declaredSize: request.size,
    migrated: false,
    purpose,
    createdAt: now.toISOString(),
    // A visitor's upload and its renders disappear after the retention period.
    expiresAt: owner.startsWith('session:') ? anonymousExpiry(now) : undefined,
  };
  upload.incomingKey = incomingKeyFor(upload);
  await deps.uploads.createUpload(upload);
  const put = await deps.blobs.presignPut('uploads', upload.incomingKey, {
    contentType: request.contentType,
    contentLength: request.size,
    expiresInSeconds: PRESIGNED_PUT_SECONDS,
  });
  return {
    uploadId: upload.id,
    uploadUrl: put.url,
    headers: put.headers,
    expiresInSeconds: PRESIGNED_PUT_SECONDS,
  };
}
