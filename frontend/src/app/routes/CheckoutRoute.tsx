/** /checkout: starts a Stripe Checkout (opened in a new tab by the HD and plan buttons). */
import { CheckoutPage } from '../../features/checkout/CheckoutPage';

export function CheckoutRoute() {
  return <CheckoutPage />;
}
