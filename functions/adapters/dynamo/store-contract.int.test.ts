/** The DynamoDB stores against the contract the fakes of unit tests keep (test-support/contracts). */
import { describePackStoreContract } from '../../test-support/contracts/pack-store-contract';
import { describePaymentStoreContract } from '../../test-support/contracts/payment-store-contract';
import { describeRefundStoreContract } from '../../test-support/contracts/refund-store-contract';
import { describeUploadStoreContract } from '../../test-support/contracts/upload-store-contract';
import { createTestApp } from '../../test-support/test-app';

const { deps } = createTestApp();
const subject = () => ({ ...deps, pass: () => new Promise<void>((resolve) => setTimeout(resolve, 5)) });

describeUploadStoreContract('DynamoDB', subject);
describePaymentStoreContract('DynamoDB', subject);
describeRefundStoreContract('DynamoDB', subject);
describePackStoreContract('DynamoDB', () => deps);
