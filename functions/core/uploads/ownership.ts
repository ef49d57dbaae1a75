/** Who owns what: the rule every owner-only route goes through. */
import { DomainError } from '../errors';
import type { OwnerRef, Principal, UploadRecord } from '../ports';

export type SignedInUser = Extract<Principal, { kind: 'user' }>;

/** Routes of a signed-in parent (the authorizer already requires one; this narrows the type). */
export function requireUser(principal: Principal): SignedInUser {
  if (principal.kind !== 'user') throw new DomainError('unauthenticated', 'sessionMissing');
  return principal;
}

/** The owner a new upload gets: the signed-in user, else the visitor's session. */
export function ownerFor(principal: Principal): OwnerRef {
  if (principal.kind === 'user') return `user:${principal.sub}`;
  if (principal.kind === 'visitor') return `session:${principal.sessionId}`;
  throw new DomainError('unauthenticated', 'sessionMissing');
}

export function isOwner(principal: Principal, upload: Pick<UploadRecord, 'owner'>): boolean {
  if (principal.kind === 'anonymous') return false;
  if (principal.kind === 'user') {
    if (upload.owner === `user:${principal.sub}`) return true;
    // Before migration a signed-in parent still holds the session that made the upload.
    return principal.sessionId !== undefined && upload.owner === `session:${principal.sessionId}`;
  }
  return upload.owner === `session:${principal.sessionId}`;
}

export function assertOwner(principal: Principal, upload: Pick<UploadRecord, 'owner'>): void {
  if (principal.kind === 'anonymous') throw new DomainError('unauthenticated', 'sessionMissing');
  if (!isOwner(principal, upload)) throw new DomainError('forbidden', 'notYourUpload');
}
