/**
 * The local stack behind the browser tests, reached the way its handlers reach it (run.ts passes its
 * AWS settings as E2E_STACK_ENV). For what no page shows or can arrange: what S3 really stored, a user
 * pool with no admin yet.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export function stackEnv(): Record<string, string> {
  const raw = process.env.E2E_STACK_ENV;
  if (!raw) throw new Error('E2E_STACK_ENV is not set: run the browser tests with npm run test:e2e');
  return JSON.parse(raw) as Record<string, string>;
}

const common = () => {
  const env = stackEnv();
  return {
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  };
};

/** The bytes S3 holds at a presigned URL's key (path-style: /bucket/key). */
export async function storedObject(presignedUrl: string): Promise<Buffer> {
  const env = stackEnv();
  const s3 = new S3Client({ ...common(), endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true });
  try {
    const [, bucket, ...key] = new URL(presignedUrl).pathname.split('/');
    const object = await s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: decodeURIComponent(key.join('/')) }),
    );
    return Buffer.from(await object.Body!.transformToByteArray());
  } finally {
    s3.destroy();
  }
}

export const stackCognito = () =>
  new CognitoIdentityProviderClient({
    ...common(),
    endpoint: stackEnv().AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
  });

export const stackTable = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ ...common(), endpoint: stackEnv().AWS_ENDPOINT_URL_DYNAMODB }),
  );
