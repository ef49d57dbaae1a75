/** The DynamoDB stores against the contract the fakes of unit tests keep (test-support/contracts). */
import { describeCompositionStoreContract } from '../../test-support/contracts/composition-store-contract';
import { describeCreditContract } from '../../test-support/contracts/credit-contract';
import { describeDraftStoreContract } from '../../test-support/contracts/draft-store-contract';
import { describePackStoreContract } from '../../test-support/contracts/pack-store-contract';
import { describePaymentStoreContract } from '../../test-support/contracts/payment-store-contract';
import { describePredictionStoreContract } from '../../test-support/contracts/prediction-store-contract';
import { describeQuotaStoreContract } from '../../test-support/contracts/quota-store-contract';
import { describeRefundStoreContract } from '../../test-support/contracts/refund-store-contract';
import { describeUploadStoreContract } from '../../test-support/contracts/upload-store-contract';
import { createTestApp } from '../../test-support/test-app';

const { deps } = createTestApp();
const subject = () => ({ ...deps, pass: () => new Promise<void>((resolve) => setTimeout(resolve, 5)) });

describeUploadStoreContract('DynamoDB', subject);
describePaymentStoreContract('DynamoDB', subject);
describeRefundStoreContract('DynamoDB', subject);
describePackStoreContract('DynamoDB', () => deps);
describeCreditContract('DynamoDB', subject);
describeCompositionStoreContract('DynamoDB', () => deps);
describeDraftStoreContract('DynamoDB', () => deps);
describeQuotaStoreContract('DynamoDB', () => deps);
describePredictionStoreContract('DynamoDB', () => deps);
