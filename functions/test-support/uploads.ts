/** A photo uploaded the way the upload page does it: create, presigned PUT, then complete. */
import { expect } from 'vitest';
import type { CallOptions, CallRoute } from './invoke';

export type Caller = Pick<CallOptions, 'sessionId' | 'headers' | 'claims'>;

export async function uploadPhoto(
  callRoute: CallRoute,
  caller: Caller,
  bytes: Buffer,
  opts: { complete?: boolean } = {},
): Promise<string> {
  const created = await callRoute('createUpload', {
    ...caller,
    body: { contentType: 'image/jpeg', size: bytes.length },
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
