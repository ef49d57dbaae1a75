/** Small rules of the checkout page: which links it follows and how "back" reads. */

/**
 * The API answers with Stripe's hosted page (or the local test checkout on this origin). Anything
 * that is not http(s) — a `javascript:` URL above all — is never followed.
 */
export function isStripeUrl(url: string, base = globalThis.location?.href ?? 'http://localhost/'): boolean {
  try {
    const { protocol } = new URL(url, base);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function backLabel(backPath: string): string {
  if (backPath.startsWith('/result/')) return 'Back to your results';
  if (backPath.startsWith('/upsell')) return 'Back to the offers';
  if (backPath.startsWith('/pricing')) return 'Back to pricing';
  if (backPath.startsWith('/my-photos')) return 'Back to My photos';
  if (backPath.startsWith('/moments/editor/')) return 'Back to your keepsake';
  return 'Go back';
}
