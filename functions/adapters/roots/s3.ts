/** The two buckets behind the BlobStore port. */
import { S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from '../../core/ports';
import type { AppConfig } from '../config';
import { createS3BlobStore } from '../s3/blob-store';
import { awsClientConfig, type RootOptions } from './options';

export function s3BlobStore(config: AppConfig, options: RootOptions): BlobStore {
  const settings = { ...awsClientConfig(config, options), forcePathStyle: config.s3ForcePathStyle };
  const s3 = new S3Client(settings);
  // Presigned URLs name the host the browser reaches S3 at, which may differ from the server's.
  const publicSigner = config.s3PublicEndpoint
    ? new S3Client({ ...settings, endpoint: config.s3PublicEndpoint })
    : s3;
  return createS3BlobStore(
    s3,
    { uploads: config.uploadsBucket, renders: config.rendersBucket },
    publicSigner,
  );
}
