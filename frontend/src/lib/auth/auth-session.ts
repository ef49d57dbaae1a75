/**
 * Sign-in through Amplify, loaded on demand — when a stored sign-in exists, when the auth page
 * opens, or when a page needs a token — so the landing page of a visitor never carries it. Settles
 * the auth store and provides the API client's ID token.
 */
import { clearSession } from '../session';
import { clearAuthRedirects } from './auth-redirect';
import { type AuthState, getAuthState, SIGNED_OUT, setAuthState } from './auth-store';
import { provideIdToken } from './id-token';

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
  if (getAuthState().status !== 'unknown') return getAuthState();
  try {
    await (await loadCognito()).refreshAuthState();
  } catch {
    setAuthState(SIGNED_OUT);
  }
  return getAuthState();
}

/** The ID token, refreshed when due; null for visitors. */
async function currentIdToken(): Promise<string | null> {
  if ((await resolveAuth()).status !== 'signedIn') return null;
  try {
    return await (await loadCognito()).currentIdToken();
  } catch {
    return null;
  }
}
provideIdToken(currentIdToken);

/** New tokens now (e.g. after joining the admins group), and the store updated from them. */
export async function refreshTokens(): Promise<AuthState> {
  return (await loadCognito()).refreshAuthState({ forceRefresh: true });
}

/** Settles a stored sign-in in the background after the first render (see main.tsx). */
export function startAuth(): void {
  if (getAuthState().status === 'unknown') void resolveAuth();
}

/**
 * Sign-out ends the Amplify session and resets the anonymous session values, so the
 * next visitor on this browser starts with a fresh session id and no leftover upload.
 */
export async function signOut(): Promise<void> {
  try {
    if (getAuthState().status !== 'signedOut') await (await loadCognito()).signOutOfCognito();
  } finally {
    clearSession();
    clearAuthRedirects();
    setAuthState(SIGNED_OUT);
  }
}
