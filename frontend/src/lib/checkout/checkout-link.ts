/**
 * The /checkout page's link and what it reads back: the product, the photo it is for, and where
 * Stripe's Cancel leads (the page the parent started from).
 */
import { isProductId, type ProductId } from '@shared/catalog';
import { messages } from '@shared/messages';
import { isUuid } from '@shared/rules/ids';
import { isSafeReturnPath } from '@shared/rules/return-path';

const CHECKOUT_PATH = '/checkout';

/** Query flags of a checkout's success URL; they belong to that return, not to the page itself. */
const RETURN_FLAGS = ['paid', 'session_id'];

export type CheckoutRequest = { productId: ProductId; uploadId?: string; returnPath?: string };

export function checkoutLink({ productId, uploadId, returnPath }: CheckoutRequest): string {
  const query = new URLSearchParams({ product: productId });
  if (uploadId) query.set('uploadId', uploadId);
  if (returnPath) query.set('returnPath', returnPath);
  return `${CHECKOUT_PATH}?${query}`;
}

/**
 * This page as a way back (Stripe's Cancel, the sign-in detour), without a previous payment's
 * return flags: coming back to them would confirm an old checkout again.
 */
export function returnPathOf(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  for (const flag of RETURN_FLAGS) query.delete(flag);
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

export type ParsedCheckout = {
  /** Null when the link names no known product: the page reports the failure at once. */
  request: CheckoutRequest | null;
  /** Where "back" leads: the page the parent came from, else their results, else the pricing page. */
  backPath: string;
  /** Started on an upsell page, whose failure message is fixed wording (docs/product.md#upsell-pages). */
  fromUpsell: boolean;
};

export function parseCheckoutLink(query: URLSearchParams): ParsedCheckout {
  const product = query.get('product') ?? '';
  const uploadId = query.get('uploadId') ?? '';
  const returnPath = query.get('returnPath') ?? '';
  const safeReturn = isSafeReturnPath(returnPath) ? returnPath : undefined;
  const photo = isUuid(uploadId) ? uploadId : undefined;
  return {
    request: isProductId(product) ? { productId: product, uploadId: photo, returnPath: safeReturn } : null,
    backPath: safeReturn ?? (photo ? `/result/${photo}` : '/pricing'),
    fromUpsell: safeReturn?.startsWith('/upsell') ?? false,
  };
}

export type CheckoutFailure = { title: string; reason?: string };

/**
 * What a failed checkout says (docs/product.md#checkout): from an upsell page its fixed message,
 * with the server's reason beneath; elsewhere the server's message, else "Failed to start checkout".
 */
export function checkoutFailure({ fromUpsell }: ParsedCheckout, serverMessage?: string): CheckoutFailure {
  if (fromUpsell) return { title: messages.checkoutFailedUpsell, reason: serverMessage };
  return { title: serverMessage ?? messages.checkoutFailed };
}
