/** What the store contracts run against: both stores over one table, and the clock they read. */
import type { PaymentStore } from '../../core/payments/payment-ports';
import type { Clock, UploadStore } from '../../core/ports';

export type StoreSubject = {
  uploads: UploadStore;
  paymentStore: PaymentStore;
  clock: Clock;
  /** Lets time pass, so what is written next is newer than what came before. */
  pass(): Promise<void>;
};
