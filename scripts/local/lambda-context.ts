/** A Lambda `Context` for handlers invoked in-process by the local gateway and SQS poller. */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

export const LOCAL_ACCOUNT_ID = '000000000000';

export function createLambdaContext(
  functionName: string,
  opts: { timeoutMs: number; memoryMb?: number; region?: string },
): Context {
  const deadline = Date.now() + opts.timeoutMs;
  const region = opts.region ?? 'us-east-1';
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: String(opts.memoryMb ?? 1024),
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/[$LATEST]${awsRequestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
