/** A photo uploaded the way the upload page does it: create, presigned PUT, then complete. */
import { expect } from 'vitest';
import type { CallOptions, CallRoute } from './invoke';

export type Caller = Pick<CallOptions, 'sessionId' | 'headers' | 'claims' | 'sourceIp'>;

/** complete: send "complete" too (default); purpose: keepsake photos get no age previews. */
export type UploadPhotoOptions = { complete?: boolean; purpose?: 'previews' | 'keepsake' };

export async function uploadPhoto(
  callRoute: CallRoute,
  caller: Caller,
  bytes: Buffer,
  opts: UploadPhotoOptions = {},
): Promise<string> {
  const created = await callRoute('createUpload', {
    ...caller,
    body: { contentType: 'image/jpeg', size: bytes.length, purpose: opts.purpose },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const put = await fetch(created.json.uploadUrl, {
    method: 'PUT',
    headers: created.json.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.ok).toBe(true);
  const uploadId = created.json.uploadId as string;
  if (opts.complete ?? true) {
    const completed = await callRoute('completeUpload', { ...caller, params: { uploadId } });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
  }
  return uploadId;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
