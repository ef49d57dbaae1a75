/** S3 (the emulator) against the BlobStore contract the fake of unit tests keeps (test-support/contracts). */
import { PENDING_TAG } from '@shared/deployment';
import { describeBlobStoreContract } from '../../test-support/contracts/blob-store-contract';
import { tagsOf } from '../../test-support/storage';
import { createTestApp } from '../../test-support/test-app';

const { deps } = createTestApp();

describeBlobStoreContract('S3', () => ({
  blobs: deps.blobs,
  isAnonymous: async (bucket, key) => (await tagsOf(bucket, key)).retention === 'anonymous',
  isPending: async (bucket, key) => (await tagsOf(bucket, key))[PENDING_TAG.key] === PENDING_TAG.value,
}));
