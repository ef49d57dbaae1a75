/** What the store contracts run against: the stores over one table, and the clock they read. */
import type { CompositionStore } from '../../core/moments/moments-ports';
import type { PaymentStore } from '../../core/payments/payment-ports';
import type { Clock, UploadStore } from '../../core/ports';

export type StoreSubject = {
  uploads: UploadStore;
  paymentStore: PaymentStore;
  /** Where credits are spent: an HD keepsake's record takes its charge. */
  compositions: CompositionStore;
  clock: Clock;
  /** Lets time pass, so what is written next is newer than what came before. */
  pass(): Promise<void>;
};
