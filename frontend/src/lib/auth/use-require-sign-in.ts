/**
 * For pages that only make sense signed in (My photos, checkout): settles the auth state and
 * sends a signed-out parent to /auth, to be brought back here after signing in.
 */
import { useEffect } from 'react';
import { resolveAuth } from './auth-session';
import { type AuthState, useAuth } from './auth-store';
import { useSendToSignIn } from './use-send-to-sign-in';

export function useRequireSignIn({ checkout = false } = {}): AuthState {
  const auth = useAuth();
  const sendToSignIn = useSendToSignIn();

  useEffect(() => {
    if (auth.status === 'unknown') {
      void resolveAuth();
      return;
    }
    if (auth.status === 'signedOut') sendToSignIn({ checkout, replace: true });
  }, [auth.status, checkout, sendToSignIn]);

  return auth;
}
