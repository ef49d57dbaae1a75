/**
 * The HD actions of the results page. Buying needs a signed-in parent (spec §6): a visitor's
 * path and query are saved as `checkout_redirect` and `authReturnTo` and they go to /auth; a
 * signed-in parent goes to the checkout of the chosen product.
 */
import type { ProductId } from '@shared/catalog';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { rememberAuthReturn } from '../../../lib/auth/auth-redirect';
import { resolveAuth } from '../../../lib/auth/auth-store';

export function checkoutPath(uploadId: string, productId: ProductId): string {
  return `/checkout?${new URLSearchParams({ uploadId, product: productId })}`;
}

export function useHdAction(uploadId: string) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState<ProductId | null>(null);

  const choose = async (productId: ProductId) => {
    setPending(productId);
    try {
      const auth = await resolveAuth();
      if (auth.status === 'signedIn') {
        navigate(checkoutPath(uploadId, productId));
        return;
      }
      rememberAuthReturn(pathname + search, { checkout: true });
      navigate('/auth');
    } finally {
      setPending(null);
    }
  };
  return { choose, pending };
}
