/**
 * Starting a checkout from any page (results, upsell, pricing). Buying needs a signed-in parent
 * (docs/product.md#checkout): a signed-out visitor's page is saved as `checkout_redirect` and they go to /auth; a
 * signed-in parent gets the /checkout page in a new tab, which goes on to Stripe. When
 * the browser blocks the tab, this tab goes there instead.
 */
import type { ProductId } from '@shared/catalog';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getAuthState } from '../auth/auth-store';
import { useSendToSignIn } from '../auth/use-send-to-sign-in';
import { checkoutLink, returnPathOf } from './checkout-link';
import { openTab } from './open-tab';

export function useStartCheckout() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const sendToSignIn = useSendToSignIn();

  return useCallback(
    (productId: ProductId, { uploadId }: { uploadId?: string } = {}) => {
      // Read synchronously: awaiting anything here would lose the click and block the new tab.
      // A sign-in still being confirmed ('unknown') opens the tab; the checkout page settles it.
      if (getAuthState().status === 'signedOut') {
        sendToSignIn({ checkout: true });
        return;
      }
      const url = checkoutLink({ productId, uploadId, returnPath: returnPathOf(pathname, search) });
      if (!openTab(url)) navigate(url);
    },
    [pathname, search, navigate, sendToSignIn],
  );
}
