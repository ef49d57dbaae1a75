/**
 * Spending credits in tests the way the product does: an HD keepsake recorded with its charge
 * (CompositionStore.recordHdComposition), over fakes or the emulators alike.
 */
import { CREDIT_PRICES, type CreditUse } from '@shared/catalog';
import type { CompositionRecord, CompositionStore } from '../core/moments/moments-ports';
import type { CreditCharge } from '../core/payments/payment-ports';
import type { Clock, UploadRecord, UploadStore } from '../core/ports';
import { uploadRecord } from './records';

/** What `use` costs in credits, as chargeFor decides it without a subscription. */
export const creditsFor = (use: CreditUse): CreditCharge => ({
  via: 'credits',
  use,
  amount: CREDIT_PRICES[use],
});

/** An HD keepsake record of `userSub` made from `upload` (a new request unless given). */
export function hdRecord(
  clock: Clock,
  userSub: string,
  upload: Pick<UploadRecord, 'id'>,
  over: Partial<CompositionRecord> = {},
): CompositionRecord {
  const id = crypto.randomUUID();
  return {
    id,
    owner: `user:${userSub}` as const,
    requestId: crypto.randomUUID(),
    quality: 'hd',
    templateId: crypto.randomUUID(),
    uploadId: upload.id,
    key: `compositions/${id}/hd.jpg`,
    width: 2000,
    height: 2000,
    paidWith: 'credits',
    createdAt: clock.now().toISOString(),
    ...over,
  };
}

/** Spends `amount` credits of `userSub` on one HD keepsake of a photo of theirs; throws when it cannot. */
export async function spendOnKeepsake(
  deps: { uploads: UploadStore; compositions: CompositionStore; clock: Clock },
  userSub: string,
  amount: number,
): Promise<number> {
  const photo = uploadRecord(deps.clock, `user:${userSub}` as const);
  await deps.uploads.createUpload(photo);
  const charge: CreditCharge = { via: 'credits', use: 'hd_keepsake', amount };
  const result = await deps.compositions.recordHdComposition(
    userSub,
    hdRecord(deps.clock, userSub, photo),
    charge,
  );
  if (result.status !== 'recorded' || result.balance === null) throw new Error(`not spent: ${result.status}`);
  return result.balance;
}
