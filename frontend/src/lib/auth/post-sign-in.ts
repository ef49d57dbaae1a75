/**
 * Where a parent goes after signing in (docs/product.md#post-sign-in-migration). The anonymous session's uploads are migrated
 * first; then: back to the results they came from (now theirs), else back to the checkout they
 * started, else the page they were sent from, else /upload — which is also where a failure lands.
 */
import type { MigrateResponse } from '@shared/schemas/account';
import { type AuthRedirects, takeAuthRedirects } from './auth-redirect';

const DEFAULT_AFTER_SIGN_IN = '/upload';

export function pathAfterSignIn(
  { authReturnTo, checkoutRedirect }: AuthRedirects,
  migrated: MigrateResponse['migrated'] | null,
): string {
  if (migrated === null) return DEFAULT_AFTER_SIGN_IN;
  if (authReturnTo?.startsWith('/result/') && migrated.length > 0) {
    // The original rule sends the parent to the first migrated upload; the one they were looking at, when
    // it is among them, is the same place for a single upload and the right one for several.
    const viewing = authReturnTo.slice('/result/'.length).split(/[?#/]/)[0];
    const match = migrated.find((m) => m.upload_id === viewing);
    return `/result/${(match ?? migrated[0]).upload_id}`;
  }
  if (checkoutRedirect) return checkoutRedirect;
  // Pages that require sign-in (My photos) send the parent here and expect them back.
  if (authReturnTo && !authReturnTo.startsWith('/auth')) return authReturnTo;
  return DEFAULT_AFTER_SIGN_IN;
}

/** Migrates the session's uploads, uses up the saved redirects and returns the path to go to. */
export async function runPostSignIn(
  migrate: () => Promise<MigrateResponse>,
): Promise<{ path: string; migrated: number }> {
  const redirects = takeAuthRedirects();
  const migrated = await migrate().then(
    (reply) => reply.migrated,
    () => null,
  );
  return { path: pathAfterSignIn(redirects, migrated), migrated: migrated?.length ?? 0 };
}
