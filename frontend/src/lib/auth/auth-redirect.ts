/**
 * Session-scoped values of the sign-in detour (spec §3): `checkout_redirect`, the path and query
 * to come back to after an unauthenticated checkout, and `authReturnTo`, where the parent was
 * when sent to /auth. Both live in sessionStorage and are cleared once used.
 */
import { isSafeReturnPath } from '@shared/rules/return-path';

export const CHECKOUT_REDIRECT_KEY = 'checkout_redirect';
export const AUTH_RETURN_TO_KEY = 'authReturnTo';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStore(): KeyValueStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

let store: KeyValueStore | undefined;
const current = () => {
  store ??= browserStore();
  return store;
};

/** Tests swap the storage; the app never calls this. */
export function setRedirectStore(next: KeyValueStore): void {
  store = next;
}

/** Before sending a visitor to /auth: remember where they were (and, for checkout, to come back). */
export function rememberAuthReturn(path: string, { checkout = false } = {}): void {
  if (!isSafeReturnPath(path)) return;
  try {
    current()?.setItem(AUTH_RETURN_TO_KEY, path);
    if (checkout) current()?.setItem(CHECKOUT_REDIRECT_KEY, path);
  } catch {
    // Full or disabled storage: the parent simply lands on the default page after sign-in.
  }
}

export type AuthRedirects = { authReturnTo: string | null; checkoutRedirect: string | null };

/** Reads both values and clears them: each detour is used once. */
export function takeAuthRedirects(): AuthRedirects {
  const read = (key: string) => {
    try {
      const value = current()?.getItem(key) ?? null;
      current()?.removeItem(key);
      return isSafeReturnPath(value) ? value : null;
    } catch {
      return null;
    }
  };
  return { authReturnTo: read(AUTH_RETURN_TO_KEY), checkoutRedirect: read(CHECKOUT_REDIRECT_KEY) };
}

export function clearAuthRedirects(): void {
  takeAuthRedirects();
}
