/** Who the signed-in caller is, and deleting their whole account. */
import type { Me } from '@shared/schemas/account';
import { mapLimit } from '../concurrency';
import type { Deps } from '../deps';
import { subscriptionIsActive } from '../payments/subscription';
import type { Principal } from '../ports';
import { eraseUpload, invalidatePublicPaths } from '../uploads/delete-upload';
import { requireUser } from '../uploads/ownership';

/**
 * How long a deleted account stays marked. Its tokens are refused for writes meanwhile: Cognito's
 * ID and access tokens live at most a day (an hour with the client of infra/constructs/auth.ts,
 * Cognito's default) and global sign-out revokes the refresh tokens, so none verifies after a day.
 * Four days also outlast Stripe's webhook retries (three days): a checkout paid before the deletion
 * and fulfilled after it records no email (payments/fulfil.ts).
 */
export const DELETED_ACCOUNT_MARKER_MS = 4 * 86_400_000;

export function getMe(principal: Principal): Me {
  const user = requireUser(principal);
  return { sub: user.sub, email: user.email ?? null, isAdmin: user.isAdmin };
}

/**
 * First the account stops writing: a marker every write route checks (tokens already issued stay
 * valid until they expire) and a global sign-out (no new tokens from refresh tokens). Then every
 * upload (items, files with the keepsakes made from it, the CDN's cached previews), the email on
 * its orders, the user's own partition, and last the Cognito user. Data goes before the Cognito
 * user so a failure can be retried while the account still exists (DELETE /api/me stays open to a
 * marked account). The index may lag behind an upload made just before, so the listing runs again
 * until it finds nothing. A write already past the marker when this started records its files only
 * while their upload exists (eraseUpload), so one landing after its upload was erased fails and its
 * files, still pending, expire.
 */
export async function deleteAccount(
  deps: Pick<
    Deps,
    | 'blobs'
    | 'cdn'
    | 'clock'
    | 'compositions'
    | 'deletedAccounts'
    | 'identity'
    | 'logger'
    | 'paymentStore'
    | 'payments'
    | 'uploads'
  >,
  principal: Principal,
) {
  const user = requireUser(principal);
  const owner = `user:${user.sub}` as const;
  const username = user.username ?? user.sub;
  await deps.deletedAccounts.markDeleted(
    user.sub,
    new Date(deps.clock.now().getTime() + DELETED_ACCOUNT_MARKER_MS),
  );
  await deps.identity.signOutEverywhere(username);

  const erased = new Set<string>();
  const publicPaths: string[] = [];
  for (let pass = 1; pass <= 3; pass++) {
    const uploads = (await deps.uploads.listByOwner(owner)).filter((upload) => !erased.has(upload.id));
    if (uploads.length === 0) break;
    await mapLimit(uploads, 4, async (upload) => {
      const done = await eraseUpload(deps, upload);
      publicPaths.push(...done.publicPaths);
      erased.add(upload.id);
    });
  }
  await invalidatePublicPaths(deps, publicPaths);
  await endSubscription(deps, user.sub);
  const orders = await deps.paymentStore.eraseOrderEmails(user.sub);
  await deps.uploads.deleteUserItems(user.sub);
  await deps.identity.deleteUser(username);
  deps.logger.info('deleted an account', { sub: user.sub, uploads: erased.size, orders });
  return { ok: true as const };
}

/** A deleted account must not go on being billed: the plan ends with the period already paid. */
async function endSubscription(deps: Pick<Deps, 'clock' | 'paymentStore' | 'payments'>, sub: string) {
  const { subscription } = await deps.paymentStore.getCredits(sub);
  if (
    !subscription ||
    subscription.cancelAtPeriodEnd ||
    !subscriptionIsActive(subscription, deps.clock.now())
  )
    return;
  await deps.payments.cancelAtPeriodEnd(subscription.id);
}
