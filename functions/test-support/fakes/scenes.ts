/** Callers and photos for unit tests of the use cases, made the way the app makes them. */
import type { Deps } from '../../core/deps';
import type { Principal } from '../../core/ports';
import { renderBatch } from '../../core/render/render-batch';
import { completeUpload } from '../../core/uploads/complete-upload';
import { createUpload, incomingKeyFor } from '../../core/uploads/create-upload';
import type { SignedInUser } from '../../core/uploads/ownership';
import { tinyJpeg } from './images';
import type { FakeRenderQueue } from './render-queue';

export const visitor = (sessionId = crypto.randomUUID()): Extract<Principal, { kind: 'visitor' }> => ({
  kind: 'visitor',
  sessionId,
});

export const parent = (over: Partial<SignedInUser> = {}): SignedInUser => {
  const sub = over.sub ?? crypto.randomUUID();
  return { kind: 'user', sub, email: `${sub.slice(0, 8)}@example.com`, isAdmin: false, ...over };
};

/** A photo's bytes as the browser sends them (a real JPEG). */
export const photoBytes = (seed = 'photo') => tinyJpeg(`browser:${seed}`);

/**
 * A photo uploaded as the upload page does it: create, the browser's PUT (straight to the store),
 * complete; then, unless `render` is false, every queued render runs once. Returns the upload id.
 */
export async function uploadedPhoto(
  deps: Deps & { renderQueue: FakeRenderQueue },
  principal: Principal,
  { render = true, complete = true }: { render?: boolean; complete?: boolean } = {},
): Promise<string> {
  const bytes = await photoBytes(crypto.randomUUID());
  const { uploadId } = await createUpload(deps, principal, { contentType: 'image/jpeg', size: bytes.length });
  await deps.blobs.put('uploads', incomingKeyFor({ id: uploadId }), bytes, { contentType: 'image/jpeg' });
  if (!complete) return uploadId;
  await completeUpload(deps, principal, uploadId);
  if (render) {
    const retry = await renderBatch(deps, deps.renderQueue.take());
    if (retry.length) throw new Error(`renders failed: ${retry.join(', ')}`);
  }
  return uploadId;
}
