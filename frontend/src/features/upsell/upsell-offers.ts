/**
 * What the two upsell pages offer (docs/product.md#upsell-pages), from the catalog and the upload's jobs: the
 * packages, their prices and savings, and which ages the parent already owns.
 */
import { formatPrice, formatSavings, getProduct, type ProductId } from '@shared/catalog';
import { AGE_19, agesText, isUnlocked, type JobLike } from '../../lib/ages';

/** /upsell: the bundle of ages 2, 5 and 19, and Future Starter (ages 2 and 5). */
const UPSELL_PACKAGES: readonly ProductId[] = ['full_future_bundle', 'age_2_5_hd'];
/** /upsell/age-19: the bundle, or age 19 only. */
const AGE_19_PACKAGES: readonly ProductId[] = ['full_future_bundle', 'age_19_hd'];

export type PackageView = {
  productId: ProductId;
  name: string;
  /** "Ages 2, 5 and 19", "Ages 2 and 5", "Age 19". */
  agesText: string;
  /** The line under the name when it is not just the ages: "Age 19 only" for a one-age package. */
  tagline?: string;
  /** "$9.95" (the page adds "USD"). */
  price: string;
  /** The struck-through separate price, "$13.90". */
  compareAt?: string;
  /** "saves $3.95". */
  savings?: string;
  /** "Save 30%". */
  badge?: string;
  /** Ages of this package the parent already has in HD ("Ages 2 and 5 already owned"). */
  ownedText?: string;
  /** Every age of it is unlocked already: nothing to buy. */
  owned: boolean;
};

export function packageView(productId: ProductId, jobs: readonly JobLike[]): PackageView {
  const product = getProduct(productId);
  const ownedAges = product.unlocksAges.filter((age) => isUnlocked(jobs, age));
  const owned = ownedAges.length === product.unlocksAges.length;
  const view: PackageView = {
    productId,
    name: product.name,
    agesText: agesText(product.unlocksAges),
    price: formatPrice(product.priceCents),
    owned,
  };
  if (product.compareAtCents !== undefined) {
    view.compareAt = formatPrice(product.compareAtCents);
    view.savings = `saves ${formatSavings(product.compareAtCents - product.priceCents)}`;
  }
  // Beside the bundles, a one-age package says it is just that age.
  if (product.unlocksAges.length === 1) view.tagline = `${view.agesText} only`;
  if (product.badge) view.badge = product.badge;
  if (ownedAges.length > 0 && !owned) view.ownedText = `${agesText(ownedAges)} already owned`;
  return view;
}

export function upsellPackages(jobs: readonly JobLike[]): PackageView[] {
  return UPSELL_PACKAGES.map((id) => packageView(id, jobs));
}

/** The age-19 page offers nothing once age 19 is unlocked; otherwise the bundle and age 19 only. */
export function age19Packages(jobs: readonly JobLike[]): PackageView[] {
  if (isUnlocked(jobs, AGE_19)) return [];
  return AGE_19_PACKAGES.map((id) => packageView(id, jobs));
}
