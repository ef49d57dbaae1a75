/**
 * For pages that only make sense signed in (My photos, checkout): settles the auth state and
 * sends a signed-out parent to /auth, remembering this page as `authReturnTo` so the post-sign-in
 * logic brings them back.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { rememberAuthReturn } from './auth-redirect';
import { type AuthState, resolveAuth, useAuth } from './auth-store';

export function useRequireSignIn({ checkout = false } = {}): AuthState {
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (auth.status === 'unknown') {
      void resolveAuth();
      return;
    }
    if (auth.status === 'signedOut') {
      rememberAuthReturn(pathname + search, { checkout });
      navigate('/auth', { replace: true });
    }
  }, [auth.status, pathname, search, checkout, navigate]);

  return auth;
}
