/** The fake stores keep the contract the DynamoDB adapters keep (adapters/dynamo/store-contracts.int.test.ts). */
import { describePaymentStoreContract } from '../contracts/payment-store-contract';
import { describeUploadStoreContract } from '../contracts/upload-store-contract';
import { fakeDeps } from './fake-deps';

const subject = () => {
  const deps = fakeDeps();
  return { ...deps, pass: async () => deps.clock.advance(1000) };
};

describeUploadStoreContract('in-memory fake', subject);
describePaymentStoreContract('in-memory fake', subject);
