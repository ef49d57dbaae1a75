/**
 * The signed-in state for the whole app, without Amplify: a tiny external store that the header
 * and pages read with useAuth(). auth-session.ts settles it and cognito.ts keeps it in step with
 * Amplify, both through setAuthState.
 */
import { useSyncExternalStore } from 'react';
import { hasStoredSignIn } from './stored-session';

/** `isAdmin`: the ID token names the `admins` group (pages still ask the server, which decides). */
export type AuthUser = { sub: string; email: string; isAdmin?: boolean };
export type AuthState =
  | { status: 'unknown'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: AuthUser };

export const SIGNED_OUT: AuthState = { status: 'signedOut', user: null };
// Prerendered pages are built for no one in particular: neither Login nor a parent's email, until hydrated.
const UNDECIDED: AuthState = { status: 'unknown', user: null };

let state: AuthState = hasStoredSignIn() ? { status: 'unknown', user: null } : SIGNED_OUT;
const listeners = new Set<() => void>();

export function getAuthState(): AuthState {
  return state;
}

/** Called whenever Amplify's session changes (sign-in, refresh, sign-out). */
export function setAuthState(next: AuthState): void {
  const same =
    next.status === state.status &&
    next.user?.sub === state.user?.sub &&
    next.user?.email === state.user?.email &&
    next.user?.isAdmin === state.user?.isAdmin;
  if (same) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, () => UNDECIDED);
}
