/**
 * Session-scoped values of the sign-in detour (docs/product.md#post-sign-in-migration): `checkout_redirect`, the path and query
 * to come back to after an unauthenticated checkout, and `authReturnTo`, where the parent was
 * when sent to /auth. Both live in sessionStorage and are cleared once used.
 */
import { isSafeReturnPath } from '@shared/rules/return-path';
import { browserStorage, forgivingStore, type KeyValueStore } from '../browser-storage';

export const CHECKOUT_REDIRECT_KEY = 'checkout_redirect';
export const AUTH_RETURN_TO_KEY = 'authReturnTo';

let override: KeyValueStore | undefined;
// Full or disabled storage only costs the detour: the parent lands on the default page after sign-in.
const store = forgivingStore(() => override ?? browserStorage('sessionStorage'));

/** Tests swap the storage; the app never calls this. */
export function setRedirectStore(next: KeyValueStore): void {
  override = next;
}

/** Before sending a visitor to /auth: remember where they were (and, for checkout, to come back). */
export function rememberAuthReturn(path: string, { checkout = false } = {}): void {
  if (!isSafeReturnPath(path)) return;
  store.setItem(AUTH_RETURN_TO_KEY, path);
  if (checkout) store.setItem(CHECKOUT_REDIRECT_KEY, path);
}

export type AuthRedirects = { authReturnTo: string | null; checkoutRedirect: string | null };

/** Reads both values and clears them: each detour is used once. */
export function takeAuthRedirects(): AuthRedirects {
  const read = (key: string) => {
    const value = store.getItem(key);
    store.removeItem(key);
    return isSafeReturnPath(value) ? value : null;
  };
  return { authReturnTo: read(AUTH_RETURN_TO_KEY), checkoutRedirect: read(CHECKOUT_REDIRECT_KEY) };
}

export function clearAuthRedirects(): void {
  takeAuthRedirects();
}
