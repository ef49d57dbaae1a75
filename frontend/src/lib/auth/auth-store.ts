/**
 * The signed-in state for the whole app, without Amplify: a tiny external store that the header
 * and pages read with useAuth(). The Amplify side (cognito.ts) is imported on demand — when a
 * stored sign-in exists, when the auth page opens, or when a page needs a token — so the landing
 * page of a visitor never carries it.
 */
import { useSyncExternalStore } from 'react';
import { clearSession } from '../session';
import { clearAuthRedirects } from './auth-redirect';
import { hasStoredSignIn } from './stored-session';

export type AuthUser = { sub: string; email: string };
export type AuthState =
  | { status: 'unknown'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: AuthUser };

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null };
// Prerendered pages are built for no one in particular: neither Login nor a parent's email, until hydrated.
const UNDECIDED: AuthState = { status: 'unknown', user: null };

let state: AuthState = hasStoredSignIn() ? { status: 'unknown', user: null } : SIGNED_OUT;
const listeners = new Set<() => void>();

export function getAuthState(): AuthState {
  return state;
}

/** Called by cognito.ts whenever Amplify's session changes (sign-in, refresh, sign-out). */
export function setAuthState(next: AuthState): void {
  const same =
    next.status === state.status &&
    next.user?.sub === state.user?.sub &&
    next.user?.email === state.user?.email;
  if (same) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, () => UNDECIDED);
}

type CognitoModule = typeof import('./cognito');
let cognito: Promise<CognitoModule> | undefined;

/** Loads and configures Amplify once; a failure (no config, network) can be retried later. */
export function loadCognito(): Promise<CognitoModule> {
  cognito ??= import('./cognito').then(async (mod) => {
    await mod.configureCognito();
    return mod;
  });
  cognito.catch(() => {
    cognito = undefined;
  });
  return cognito;
}

/** The settled state: waits for Amplify only while a stored sign-in is still unconfirmed. */
export async function resolveAuth(): Promise<AuthState> {
  if (state.status !== 'unknown') return state;
  try {
    await (await loadCognito()).refreshAuthState();
  } catch {
    setAuthState(SIGNED_OUT);
  }
  return state;
}

/** The ID token for `Authorization: Bearer`, refreshed when due; null for visitors. */
export async function idToken(): Promise<string | null> {
  if ((await resolveAuth()).status !== 'signedIn') return null;
  try {
    return await (await loadCognito()).currentIdToken();
  } catch {
    return null;
  }
}

/** Settles a stored sign-in in the background after the first render (see main.tsx). */
export function startAuth(): void {
  if (state.status === 'unknown') void resolveAuth();
}

/**
 * Sign-out ends the Amplify session and resets the anonymous session values (spec §3), so the
 * next visitor on this browser starts with a fresh session id and no leftover upload.
 */
export async function signOut(): Promise<void> {
  try {
    if (state.status !== 'signedOut') await (await loadCognito()).signOutOfCognito();
  } finally {
    clearSession();
    clearAuthRedirects();
    setAuthState(SIGNED_OUT);
  }
}
