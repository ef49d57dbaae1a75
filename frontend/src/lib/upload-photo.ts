/**
 * One photo through the upload routes: declared, sent to its presigned URL, then completed, which is
 * when the server checks it. Answers the upload id once the photo has passed.
 */
import type { UploadPurpose } from '@shared/rules/upload-file';
import { callApi } from './api-client';
import { putFile } from './put-file';

export async function uploadPhoto(
  file: File,
  purpose: UploadPurpose,
  { onPercent, onSent }: { onPercent(percent: number): void; onSent?(): void },
): Promise<string> {
  const created = await callApi('createUpload', {
    body: { contentType: file.type, size: file.size, fileName: file.name.slice(0, 255), purpose },
  });
  await putFile(created.uploadUrl, file, created.headers, (f) => onPercent(Math.round(f * 100)));
  onSent?.();
  await callApi('completeUpload', { params: { uploadId: created.uploadId } });
  return created.uploadId;
}
