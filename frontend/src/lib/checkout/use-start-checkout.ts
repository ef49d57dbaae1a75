/**
 * Starting a checkout from any page (results, upsell, pricing). Buying needs a signed-in parent
 * (spec §6): a signed-out visitor's page is saved as `checkout_redirect` and they go to /auth; a
 * signed-in parent gets the /checkout page in a new tab (spec §2), which goes on to Stripe. When
 * the browser blocks the tab, this tab goes there instead.
 */
import type { ProductId } from '@shared/catalog';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { rememberAuthReturn } from '../auth/auth-redirect';
import { getAuthState } from '../auth/auth-store';
import { checkoutLink, returnPathOf } from './checkout-link';
import { openTab } from './open-tab';

export function useStartCheckout() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  return useCallback(
    (productId: ProductId, { uploadId }: { uploadId?: string } = {}) => {
      const here = returnPathOf(pathname, search);
      // Read synchronously: awaiting anything here would lose the click and block the new tab.
      // A sign-in still being confirmed ('unknown') opens the tab; the checkout page settles it.
      if (getAuthState().status === 'signedOut') {
        rememberAuthReturn(here, { checkout: true });
        navigate('/auth');
        return;
      }
      const url = checkoutLink({ productId, uploadId, returnPath: here });
      if (!openTab(url)) navigate(url);
    },
    [pathname, search, navigate],
  );
}
