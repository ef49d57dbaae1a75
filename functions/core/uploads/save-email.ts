/** "Get Notified": the owner leaves an email to hear when HD versions are ready. */
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal } from '../ports';
import { assertOwner } from './ownership';

export async function saveUploadEmail(
  deps: Pick<Deps, 'uploads'>,
  principal: Principal,
  uploadId: string,
  email: string,
) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  assertOwner(principal, found.upload);
  if (!(await deps.uploads.saveEmail(uploadId, email.trim().toLowerCase()))) {
    throw new DomainError('not_found', 'uploadNotFound');
  }
  return { ok: true as const };
}
