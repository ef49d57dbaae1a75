/**
 * Whether the age products (HD of an age preview) are on sale. The offline engine is a growth
 * simulation: with real money at stake it is not sold as a prediction unless the deployer opts in
 * (SELL_SIMULATED_AGES). The checkout, the public config and the go-live checklist all ask here.
 */
import { getProduct, type ProductId } from '../catalog';

/** The products that sell an age's HD (rendered by the ageing engine); credits and the plan do not. */
export const sellsAgeHd = (productId: ProductId): boolean => getProduct(productId).unlocksAges.length > 0;

/**
 * The payment keys in use: `live` takes real money, `test` does not (the local stack's), `unknown`
 * is read only at checkout (AWS Secrets Manager) and counts as live, `none` sells nothing at all.
 */
export type PaymentKeyMode = 'live' | 'test' | 'unknown' | 'none';

/** Stripe's live secret and restricted keys; anything else is a test key. */
export const paymentKeyModeOf = (secretKey: string): 'live' | 'test' =>
  /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';

export type AgeSaleFacts = {
  /** The engine answering ageProgress. */
  ageing: 'offline' | 'hosted';
  payments: PaymentKeyMode;
  /** The deployer's explicit choice to sell the offline simulation anyway. */
  sellSimulatedAges: boolean;
};

export function ageHdOnSale({ ageing, payments, sellSimulatedAges }: AgeSaleFacts): boolean {
  if (ageing === 'hosted' || sellSimulatedAges) return true;
  return payments === 'test' || payments === 'none';
}
