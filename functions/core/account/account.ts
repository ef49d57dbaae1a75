/** Who the signed-in caller is, and deleting their whole account. */
import type { Me } from '@shared/schemas/account';
import { mapLimit } from '../concurrency';
import type { Deps } from '../deps';
import { subscriptionIsActive } from '../payments/subscription';
import type { Principal } from '../ports';
import { eraseUpload } from '../uploads/delete-upload';
import { requireUser } from '../uploads/ownership';

export function getMe(principal: Principal): Me {
  const user = requireUser(principal);
  return { sub: user.sub, email: user.email ?? null, isAdmin: user.isAdmin };
}

/**
 * Every upload (items and files), the user's own partition, then the Cognito user. Data goes
 * first so a failure can be retried while the account still exists. The index may lag behind an
 * upload made just before, so the listing runs again until it finds nothing.
 */
export async function deleteAccount(deps: Deps, principal: Principal) {
  const user = requireUser(principal);
  const owner = `user:${user.sub}` as const;
  const erased = new Set<string>();
  for (let pass = 1; pass <= 3; pass++) {
    const uploads = (await deps.uploads.listByOwner(owner)).filter((upload) => !erased.has(upload.id));
    if (uploads.length === 0) break;
    await mapLimit(uploads, 4, async (upload) => {
      await eraseUpload(deps, upload);
      erased.add(upload.id);
    });
  }
  await endSubscription(deps, user.sub);
  await deps.uploads.deleteUserItems(user.sub);
  await deps.identity.deleteUser(user.username ?? user.sub);
  deps.logger.info('deleted an account', { sub: user.sub });
  return { ok: true as const };
}

/** A deleted account must not go on being billed: the plan ends with the period already paid. */
async function endSubscription(deps: Deps, sub: string) {
  const { subscription } = await deps.paymentStore.getCredits(sub);
  if (
    !subscription ||
    subscription.cancelAtPeriodEnd ||
    !subscriptionIsActive(subscription, deps.clock.now())
  )
    return;
  await deps.payments.cancelAtPeriodEnd(subscription.id);
}
