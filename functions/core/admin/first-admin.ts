/**
 * First-time setup (/admin/grant): the signed-in caller joins the `admins` group only while it has no
 * member, and only when their verified email is the address the deployer named (ADMIN_EMAIL), so a
 * stranger who signs up first cannot take the operator pages. Afterwards roles are managed by
 * existing admins (npm run admin:grant), so nobody can promote themselves.
 */
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal } from '../ports';

/** The named address, compared case-insensitively with a verified email; nothing named matches nobody. */
export function isNamedAdmin(
  named: string | undefined,
  email: string | undefined,
  verified: boolean,
): boolean {
  if (!named || !email || !verified) return false;
  return email.trim().toLowerCase() === named.trim().toLowerCase();
}

export async function grantFirstAdmin(
  deps: Pick<Deps, 'identity' | 'adminStore' | 'clock' | 'logger' | 'adminEmail'>,
  principal: Principal,
): Promise<{ granted: true }> {
  if (principal.kind !== 'user' || !principal.username) {
    throw new DomainError('unauthenticated', 'pleaseLogInFirst');
  }
  const admins = await deps.identity.listAdmins();
  if (principal.isAdmin || admins.includes(principal.username)) {
    throw new DomainError('conflict', 'alreadyAdmin', 'already_admin');
  }
  if (admins.length > 0) throw new DomainError('forbidden', 'adminsManagedByAdmins', 'admins_exist');
  if (!deps.adminEmail) throw new DomainError('forbidden', 'firstAdminNotNamed', 'no_admin_named');
  if (!isNamedAdmin(deps.adminEmail, principal.email, principal.emailVerified === true)) {
    throw new DomainError('forbidden', 'notTheNamedAdmin', 'not_the_named_admin');
  }
  // The group is empty: the conditional claim decides between people asking at the same moment.
  const claimed = await deps.adminStore.claimFirstAdmin(principal.sub, deps.clock.now().toISOString());
  if (!claimed) throw new DomainError('forbidden', 'adminsManagedByAdmins', 'admins_exist');
  try {
    await deps.identity.addUserToAdmins(principal.username);
  } catch (error) {
    await deps.adminStore.releaseFirstAdmin(principal.sub);
    throw error;
  }
  deps.logger.info('first admin granted', { userSub: principal.sub });
  return { granted: true };
}
