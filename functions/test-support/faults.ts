/**
 * Fault injection over the real adapters, for integration tests: an S3 write that fails, DynamoDB
 * throttling or a lost answer from inside the SDK's own retry loop, and a worker invocation killed
 * at a given step.
 */
import {
  DynamoDBClient,
  ProvisionedThroughputExceededException,
  ThrottlingException,
} from '@aws-sdk/client-dynamodb';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDynamoCompositionStore } from '../adapters/dynamo/composition-store';
import { createDynamoPaymentStore } from '../adapters/dynamo/payment-store';
import { createDynamoUploadStore } from '../adapters/dynamo/upload-store';
import type { Deps } from '../core/deps';
import type { BlobBucket } from '../core/ports';

/** The blob store whose puts matching `fails` throw S3's 500 instead of writing; `failures` counts them. */
export function withFailingPuts(
  deps: Deps,
  fails: (bucket: BlobBucket, key: string, nthPut: number) => boolean,
) {
  let puts = 0;
  const injected = { failures: 0 };
  const blobs: Deps['blobs'] = {
    ...deps.blobs,
    put: async (bucket, key, ...rest) => {
      puts += 1;
      if (fails(bucket, key, puts)) {
        injected.failures += 1;
        throw new S3ServiceException({
          name: 'InternalError',
          $fault: 'server',
          $metadata: { httpStatusCode: 500 },
          message: 'We encountered an internal error. Please try again. (injected)',
        });
      }
      return deps.blobs.put(bucket, key, ...rest);
    },
  };
  return { deps: { ...deps, blobs }, injected };
}

export type TableFault = {
  /** The low-level operation as the SDK names it: 'UpdateItemCommand', 'TransactWriteItemsCommand'... */
  command: string;
  /**
   * How many attempts of it fail; 'all': every attempt the SDK makes of the first request (its
   * maxAttempts, 4 for DynamoDB), so the error reaches the caller.
   */
  attempts: number | 'all';
  /**
   * Throttling (the default: ProvisionedThroughputExceededException), or 'response-lost': the
   * write is applied, then its answer is lost with the connection, so the SDK sends it again.
   */
  fault?: 'ProvisionedThroughputExceededException' | 'ThrottlingException' | 'response-lost';
};

/**
 * A document client with a fault: the first `attempts` attempts of `command` fail as DynamoDB (or
 * the network) fails them, below the SDK's retry middleware, so its retries (and backoff) run
 * exactly as they would against the real table.
 */
export function faultyDocumentClient(fault: TableFault) {
  const injected = { failures: 0 };
  const client = new DynamoDBClient({ region: process.env.AWS_REGION });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const limit = fault.attempts === 'all' ? await client.config.maxAttempts() : fault.attempts;
      if (context.commandName !== fault.command || injected.failures >= limit) return next(args);
      injected.failures += 1;
      if (fault.fault === 'response-lost') {
        await next(args);
        throw Object.assign(new Error('socket hang up (injected)'), {
          name: 'TimeoutError',
          code: 'ECONNRESET',
        });
      }
      const Throttled =
        fault.fault === 'ThrottlingException' ? ThrottlingException : ProvisionedThroughputExceededException;
      throw new Throttled({
        message: 'The level of configured provisioned throughput for the table was exceeded. (injected)',
        $metadata: { httpStatusCode: 400 },
      });
    },
    // Inside the retry loop (finalizeRequest), where the service's answer would be read.
    { step: 'deserialize', name: 'injectTableFault' },
  );
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return { doc, client, injected };
}

/** The upload, payment and keepsake stores over a document client with a fault (faultyDocumentClient). */
export function withFaultyTable(deps: Deps, fault: TableFault) {
  const { doc, injected } = faultyDocumentClient(fault);
  const table = process.env.TABLE_NAME!;
  return {
    deps: {
      ...deps,
      uploads: createDynamoUploadStore(doc, table),
      paymentStore: createDynamoPaymentStore(doc, table, deps.clock),
      compositions: createDynamoCompositionStore(doc, table, deps.clock),
    },
    injected,
  };
}

/**
 * Deps of an invocation that the platform kills once the job's files are written: completing the
 * job never returns (nor does anything after it run), as when a Lambda times out or its container
 * dies. `killed` resolves when the invocation reached that point.
 */
export function killedBeforeCompletion(deps: Deps) {
  let reached: () => void = () => undefined;
  const killed = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const uploads: Deps['uploads'] = {
    ...deps.uploads,
    completeJob: () => {
      reached();
      return new Promise<never>(() => undefined);
    },
  };
  return { deps: { ...deps, uploads }, killed };
}
