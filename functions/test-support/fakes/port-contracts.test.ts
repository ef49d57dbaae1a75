/** The fakes keep the contracts the real adapters keep (their *-contract.int.test.ts runs). */
import { describeBlobStoreContract } from '../contracts/blob-store-contract';
import { describeCompositionStoreContract } from '../contracts/composition-store-contract';
import { describeCreditContract } from '../contracts/credit-contract';
import { describeDraftStoreContract } from '../contracts/draft-store-contract';
import { describePackStoreContract } from '../contracts/pack-store-contract';
import { describePaymentStoreContract } from '../contracts/payment-store-contract';
import { describePredictionStoreContract } from '../contracts/prediction-store-contract';
import { describeQuotaStoreContract } from '../contracts/quota-store-contract';
import { describeRefundStoreContract } from '../contracts/refund-store-contract';
import { describeUploadStoreContract } from '../contracts/upload-store-contract';
import { createFakeBlobStore } from './blob-store';
import { fakeDeps } from './fake-deps';

const subject = () => {
  const deps = fakeDeps();
  return { ...deps, pass: async () => deps.clock.advance(1000) };
};

describeUploadStoreContract('in-memory fake', subject);
describePaymentStoreContract('in-memory fake', subject);
describeRefundStoreContract('in-memory fake', subject);
describeBlobStoreContract('in-memory fake', () => {
  const blobs = createFakeBlobStore();
  return {
    blobs,
    isAnonymous: async (bucket, key) => Boolean(blobs.object(bucket, key)?.anonymous),
    isPending: async (bucket, key) => Boolean(blobs.object(bucket, key)?.pending),
  };
});
describePackStoreContract('in-memory fake', () => fakeDeps());
describeCreditContract('in-memory fake', subject);
describeCompositionStoreContract('in-memory fake', subject);
describeDraftStoreContract('in-memory fake', subject);
describeQuotaStoreContract('in-memory fake', subject);
describePredictionStoreContract('in-memory fake', subject);
