/**
 * /checkout?uploadId=&product=: where the HD actions lead a signed-in parent. Payments arrive in
 * a later release, so this says so plainly (the placeholder page), shows what was chosen and
 * leads back to the results.
 */
import { formatPrice, getProduct, isProductId } from '@shared/catalog';
import { isUuid } from '@shared/rules/ids';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/Spinner';
import { ComingSoonPage } from '../../features/placeholder/ComingSoonPage';
import { useRequireSignIn } from '../../lib/auth/use-require-sign-in';

export function CheckoutRoute() {
  const auth = useRequireSignIn({ checkout: true });
  const [params] = useSearchParams();
  const uploadId = params.get('uploadId') ?? '';
  const productId = params.get('product') ?? '';
  const product = isProductId(productId) ? getProduct(productId) : null;

  if (auth.status !== 'signedIn') {
    return (
      <div className="flex min-h-[60dvh] items-center justify-center">
        <Spinner className="size-10" label="Loading" />
      </div>
    );
  }

  return (
    <ComingSoonPage
      title="Checkout is coming soon"
      body="Buying HD photos is not open yet. Your free previews are saved to your account, so nothing is lost while you wait."
      action={
        isUuid(uploadId)
          ? { to: `/result/${uploadId}`, label: 'Back to your results' }
          : { to: '/my-photos', label: 'Go to My photos' }
      }
    >
      {product && (
        <p className="rounded-2xl border border-violet-100 bg-white px-5 py-3 text-slate-800">
          You chose <strong>{product.name}</strong> for <strong>{formatPrice(product.priceCents)}</strong>.
        </p>
      )}
    </ComingSoonPage>
  );
}
