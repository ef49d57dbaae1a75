/** Rules of the account panel on My photos: the credits line, the plan line, and when a purchase shows. */
import { getProduct, type ProductId } from '@shared/catalog';
import type { CreditsView } from '@shared/schemas/payments';

export function creditsText(balance: number): string {
  return `HD credits: ${balance}`;
}

/** "December 22, 2026". */
export function formatDay(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'an unknown date';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

export type PlanState = { text: string; canCancel: boolean; ends: string };

/** The plan line: "Unlimited HD until {date}" with a cancel button, or "Ends on {date}" once cancelled. */
export function planState(subscription: CreditsView['subscription'], locale?: string): PlanState | null {
  if (!subscription?.active) return null;
  const ends = formatDay(subscription.currentPeriodEnd, locale);
  return subscription.cancelAtPeriodEnd
    ? { text: `Ends on ${ends}`, canCancel: false, ends }
    : { text: `Unlimited HD until ${ends}`, canCancel: true, ends };
}

export function cancelDescription(ends: string): string {
  return `You keep unlimited HD until ${ends}. Your credits stay yours, and they never expire.`;
}

/**
 * After a checkout return on My photos: the plan shows once it is active; a credit pack once the
 * checkout is fulfilled and the balance was read after that (an older read may predate it).
 */
export function creditsShowPurchase(
  productId: ProductId | undefined,
  fulfilled: boolean,
  credits: CreditsView | undefined,
  creditsReadAt: number,
  confirmedAt: number,
): boolean {
  if (!productId || !credits) return false;
  if (getProduct(productId).mode === 'subscription') return credits.subscription?.active === true;
  return fulfilled && creditsReadAt > confirmedAt;
}
