/**
 * Sends a signed-out visitor to /auth, remembering this page as `authReturnTo` (and, for a
 * checkout or an HD download, as `checkout_redirect`) so the post-sign-in logic brings them back.
 * A checkout return's flags (`paid`, `session_id`) are left out: coming back to them would confirm
 * that old checkout again.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { returnPathOf } from '../checkout/checkout-link';
import { rememberAuthReturn } from './auth-redirect';

type SendOptions = {
  /** Also save the page as `checkout_redirect` (a purchase or an HD download was asked for). */
  checkout?: boolean;
  /** Replace this page in the history (it only makes sense signed in). */
  replace?: boolean;
};

export function useSendToSignIn() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    ({ checkout = false, replace = false }: SendOptions = {}) => {
      rememberAuthReturn(returnPathOf(pathname, search), { checkout });
      navigate('/auth', { replace });
    },
    [pathname, search, navigate],
  );
}
