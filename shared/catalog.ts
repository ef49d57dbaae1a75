/**
 * The one price list. Every page, the checkout and the webhook read products from here;
 * no price literal appears anywhere else. Amounts are integer US cents.
 */

/** Ages rendered for every upload (results page). */
export const PREVIEW_AGES = [10, 16, 21] as const;
/** Ages sold in the upsell bundles; rendered when bought. */
export const UPSELL_AGES = [2, 5, 19] as const;
export type PreviewAge = (typeof PREVIEW_AGES)[number];
export type TargetAge = PreviewAge | (typeof UPSELL_AGES)[number];

export const HD_SIZE_PX = 2000;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ANONYMOUS_RETENTION_DAYS = 30;

export type CheckoutMode = 'payment' | 'subscription';

/**
 * What each paid action costs in credits (nothing under a live subscription). The key is also the
 * reason of the action's ledger entry.
 */
export const CREDIT_PRICES = {
  /** A Moments HD keepsake (2000×2000 from the clean template). */
  hd_keepsake: 1,
  /** A composer HD export (the template's native size). */
  hd_export: 1,
} as const;
export type CreditUse = keyof typeof CREDIT_PRICES;

export type Product = {
  id: ProductId;
  name: string;
  priceCents: number;
  mode: CheckoutMode;
  /** Ages whose HD this product unlocks (rendering them first when missing). */
  unlocksAges: readonly TargetAge[];
  /** Credits added to the buyer's balance. */
  credits: number;
  /** For display: the separate price the bundle replaces. */
  compareAtCents?: number;
  badge?: string;
  interval?: 'month';
};

const products = {
  age10_hd: { name: 'HD Age 10', priceCents: 695, mode: 'payment', unlocksAges: [10], credits: 0 },
  all3_hd: {
    name: 'All 3 Ages HD',
    priceCents: 1295,
    mode: 'payment',
    unlocksAges: [10, 16, 21],
    credits: 0,
    badge: 'BEST VALUE',
  },
  full_future_bundle: {
    name: 'Full Future Bundle',
    priceCents: 995,
    mode: 'payment',
    unlocksAges: [2, 5, 19],
    credits: 0,
    compareAtCents: 1390,
    badge: 'Save 30%',
  },
  age_2_5_hd: { name: 'Future Starter', priceCents: 695, mode: 'payment', unlocksAges: [2, 5], credits: 0 },
  age_19_hd: { name: 'Age 19 HD', priceCents: 695, mode: 'payment', unlocksAges: [19], credits: 0 },
  credits_1: { name: 'Single HD', priceCents: 99, mode: 'payment', unlocksAges: [], credits: 1 },
  credits_10: { name: '10-Pack', priceCents: 495, mode: 'payment', unlocksAges: [], credits: 10 },
  credits_20: {
    name: '20-Pack',
    priceCents: 795,
    mode: 'payment',
    unlocksAges: [],
    credits: 20,
    badge: 'Best Value',
  },
  credits_50: { name: '50-Pack', priceCents: 1395, mode: 'payment', unlocksAges: [], credits: 50 },
  subscription_monthly: {
    name: 'Subscription',
    priceCents: 1495,
    mode: 'subscription',
    unlocksAges: [],
    credits: 0,
    interval: 'month',
  },
} as const satisfies Record<string, Omit<Product, 'id'>>;

export type ProductId = keyof typeof products;
export const PRODUCT_IDS = Object.keys(products) as ProductId[];

export function getProduct(id: ProductId): Product {
  return { id, ...products[id] } as Product;
}

export function isProductId(value: string): value is ProductId {
  return Object.hasOwn(products, value);
}

/** "$6.95", "$0", "$14.95". */
export function formatPrice(cents: number): string {
  if (cents === 0) return '$0';
  return `$${(cents / 100).toFixed(2)}`;
}

/** Plans of the pricing page, in order. Paid plans point at a product; the free plan does not. */
export type Plan = {
  key: string;
  name: string;
  priceCents: number;
  productId?: ProductId;
  perMonth?: boolean;
  description: string;
  /** Savings as the pricing page advertises them (its own figures, not derived), in cents. */
  savesCents?: number;
  highlight?: string;
};

const singleCents = products.credits_1.priceCents;

export const PLANS: readonly Plan[] = [
  { key: 'free', name: 'Free Preview', priceCents: 0, description: '5 watermarked images' },
  {
    key: 'single',
    name: 'Single HD',
    priceCents: singleCents,
    productId: 'credits_1',
    description: '1 HD image',
  },
  {
    key: 'pack10',
    name: '10-Pack',
    priceCents: products.credits_10.priceCents,
    productId: 'credits_10',
    description: '10 HD images',
  },
  {
    key: 'pack20',
    name: '20-Pack',
    priceCents: products.credits_20.priceCents,
    productId: 'credits_20',
    description: '20 HD images',
    savesCents: 800,
    highlight: 'Best Value',
  },
  {
    key: 'pack50',
    name: '50-Pack',
    priceCents: products.credits_50.priceCents,
    productId: 'credits_50',
    description: '50 HD images',
    savesCents: 3500,
  },
  {
    key: 'subscription',
    name: 'Subscription',
    priceCents: products.subscription_monthly.priceCents,
    productId: 'subscription_monthly',
    perMonth: true,
    description: 'Unlimited HD, cancel anytime',
  },
];

/** "saves $8" / "saves $35": whole dollars print without cents. */
export function formatSavings(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : formatPrice(cents);
}
