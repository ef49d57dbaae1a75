/**
 * Amplify v6 Auth against the user pool that GET /api/config names. Loaded lazily by
 * auth-session.ts; every call here keeps the auth store in step (Hub events cover refreshes and
 * sign-outs that happen inside Amplify).
 */

import { ADMINS_GROUP } from '@shared/deployment';
import type { ClientConfig } from '@shared/schemas/account';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { callApi } from '../api-client';
import { type AuthState, setAuthState } from './auth-store';

let authFlow: ClientConfig['authFlow'] = 'USER_SRP_AUTH';

/** The Amplify Auth config for a client config; a relative endpoint is made absolute on `origin`. */
export function amplifyAuthConfig(config: ClientConfig, origin: string) {
  if (!config.userPoolId || !config.userPoolClientId) throw new Error('Sign-in is not configured');
  return {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(config.cognitoEndpoint ? { userPoolEndpoint: new URL(config.cognitoEndpoint, origin).href } : {}),
      loginWith: { email: true },
      signUpVerificationMethod: 'code' as const,
    },
  };
}

export async function configureCognito(): Promise<void> {
  const config = await callApi('getClientConfig');
  Amplify.configure({ Auth: amplifyAuthConfig(config, location.origin) });
  authFlow = config.authFlow;
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut') setAuthState({ status: 'signedOut', user: null });
    else void refreshAuthState();
  });
}

/**
 * Reads Amplify's session (refreshing expired tokens) into the store. `forceRefresh` gets new
 * tokens now, e.g. after joining the admins group, which only a new token carries.
 */
export async function refreshAuthState({ forceRefresh = false } = {}): Promise<AuthState> {
  let next: AuthState = { status: 'signedOut', user: null };
  try {
    const { tokens } = await fetchAuthSession({ forceRefresh });
    const payload = tokens?.idToken?.payload;
    if (payload?.sub) {
      const groups = payload['cognito:groups'];
      next = {
        status: 'signedIn',
        user: {
          sub: String(payload.sub),
          email: typeof payload.email === 'string' ? payload.email : '',
          isAdmin: Array.isArray(groups) && groups.includes(ADMINS_GROUP),
        },
      };
    }
  } catch {
    // A refresh token that no longer works means signed out, not a broken page.
  }
  setAuthState(next);
  return next;
}

export async function currentIdToken(): Promise<string | null> {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString() ?? null;
}

export type SignInOutcome = 'signedIn' | 'confirmSignUp';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const { nextStep } = await signIn({ username: email, password, options: { authFlowType: authFlow } });
  if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  if (nextStep.signInStep !== 'DONE') {
    // MFA and password-change challenges are not part of this product's sign-in.
    throw new Error(`Unsupported sign-in step ${nextStep.signInStep}`);
  }
  await refreshAuthState();
  return 'signedIn';
}

/** Creates the account; true when a confirmation code was sent (the usual case). */
export async function signUpWithPassword(email: string, password: string): Promise<boolean> {
  const { nextStep } = await signUp({
    username: email,
    password,
    options: { userAttributes: { email } },
  });
  return nextStep.signUpStep === 'CONFIRM_SIGN_UP';
}

export async function confirmSignUpCode(email: string, code: string): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendCode(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}

/** Cognito's forgotten-password flow: sends a code to the address (if it has an account). */
export async function sendPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email });
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export async function signOutOfCognito(): Promise<void> {
  await signOut();
}
