/**
 * The QA checklist's items (docs/product.md#checklists), grouped by category. Prices
 * and products are read from the catalog, so the checklist names what the app really charges.
 */
import { CREDIT_PRICES, formatPrice, getProduct, HD_SIZE_PX, UPSELL_AGES } from '@shared/catalog';

export type ChecklistItem = { id: string; title: string; description: string; category: string };

const starter = getProduct('age_2_5_hd');
const bundle = getProduct('full_future_bundle');
const age19 = getProduct('age_19_hd');
const [firstUpsellAge, secondUpsellAge, lastUpsellAge] = UPSELL_AGES;

export const QA_ITEMS: readonly ChecklistItem[] = [
  {
    id: 'upload-phone',
    category: 'Upload and previews',
    title: 'Upload from a phone',
    description: 'A JPEG, a PNG and an iPhone HEIC upload; the progress page reaches the results.',
  },
  {
    id: 'previews-watermarked',
    category: 'Upload and previews',
    title: 'Free previews are watermarked',
    description: 'Ages 10, 16 and 21 show, each with the watermark, and the share image downloads.',
  },
  {
    id: 'starter-price',
    category: 'Payments',
    title: `${starter.name} at ${formatPrice(starter.priceCents)}`,
    description: `Buying it unlocks HD for ages ${firstUpsellAge} and ${secondUpsellAge}.`,
  },
  {
    id: 'bundle-price',
    category: 'Payments',
    title: `${bundle.name} at ${formatPrice(bundle.priceCents)}`,
    description: `Ages ${firstUpsellAge} and ${secondUpsellAge} in HD at once; age ${lastUpsellAge} queued and rendered after payment.`,
  },
  {
    id: 'age19-price',
    category: 'Payments',
    title: `Age ${lastUpsellAge} only at ${formatPrice(age19.priceCents)}`,
    description: `Buying it renders age ${lastUpsellAge} and unlocks its HD file.`,
  },
  {
    id: 'currency',
    category: 'Payments',
    title: 'Currency is USD',
    description: 'Every price on the pricing page, the upsell and Stripe Checkout is in US dollars.',
  },
  {
    id: 'webhook-idempotency',
    category: 'Payments',
    title: 'Webhook idempotency',
    description:
      'Resending the same Stripe event from the dashboard changes nothing (no double credits or unlocks).',
  },
  {
    id: 'age19-email',
    category: 'Emails',
    title: `Email on Age ${lastUpsellAge} completion`,
    description: `After buying age ${lastUpsellAge}, one email arrives when its render is done, with a link to the results.`,
  },
  {
    id: 'moments-free',
    category: 'Moments and composer',
    title: 'Free keepsake',
    description:
      'Pick a template, upload a child photo, the background is removed, Generate gives a watermarked image.',
  },
  {
    id: 'moments-hd',
    category: 'Moments and composer',
    title: `HD keepsake costs ${CREDIT_PRICES.hd_keepsake} credit`,
    description: `Generate HD makes a ${HD_SIZE_PX}×${HD_SIZE_PX} image and the balance drops by exactly ${CREDIT_PRICES.hd_keepsake}.`,
  },
  {
    id: 'composer-export',
    category: 'Moments and composer',
    title: 'Composer export at native size',
    description: 'The composer exports a JPEG at the template’s native size with the right file name.',
  },
  {
    id: 'drafts',
    category: 'Moments and composer',
    title: 'Drafts',
    description: 'A signed-in parent’s draft autosaves, resumes, renames, duplicates and deletes.',
  },
  {
    id: 'admin-guard',
    category: 'Operator pages',
    title: 'Admin pages are guarded',
    description: 'A parent who is not an admin is sent home from every /admin page.',
  },
  {
    id: 'safe-area',
    category: 'Operator pages',
    title: 'Safe area shows in the composer',
    description: 'A safe area saved in the template editor is what the composer snaps the child into.',
  },
];

/** Items by category, categories in first-seen order. */
export function groupByCategory(items: readonly ChecklistItem[]): Array<[string, ChecklistItem[]]> {
  const groups = new Map<string, ChecklistItem[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups];
}
