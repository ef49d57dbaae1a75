/**
 * Once a parent is signed in on /auth (just now, or already when they opened it), migrate the
 * visitor session's uploads and go where docs/product.md#post-sign-in-migration says. Runs once per visit of the page.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../../lib/api-client';
import type { AuthState } from '../../../lib/auth/auth-store';
import { runPostSignIn } from '../../../lib/auth/post-sign-in';

export function usePostSignIn(auth: AuthState): void {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (auth.status !== 'signedIn' || started.current) return;
    started.current = true;
    void runPostSignIn(() => callApi('migrateUploads', { body: {} })).then(({ path }) =>
      navigate(path, { replace: true }),
    );
  }, [auth.status, navigate]);
}
