/** Shared by the benchmarks: a throwaway local stack and the visitor's upload, over real HTTP. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { SESSION_HEADER } from '@shared/api';
import { allowOneMachineVisitors } from '../local/one-machine-quotas';
import { freeEmulatorPorts, freePort } from '../local/ports';
import { startLocalStack } from '../local/stack';

/** `frontend: 'dist'` serves the built site too (browser benches run `vite build` first). */
export async function startBenchStack({
  frontend = 'none',
  onWorkerBatch,
  onJobCompletion,
}: {
  frontend?: 'none' | 'dist';
  /** Each batch a worker ran (see startLocalStack). */
  onWorkerBatch?: Parameters<typeof startLocalStack>[0]['onWorkerBatch'];
  /** Every job completion the render worker records (see startLocalStack). */
  onJobCompletion?: Parameters<typeof startLocalStack>[0]['onJobCompletion'];
} = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'lf-bench-'));
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  allowOneMachineVisitors();
  const stack = await startLocalStack({
    dataDir,
    frontend,
    quiet: true,
    onWorkerBatch,
    onJobCompletion,
    ports: { ...(await freeEmulatorPorts()), app: await freePort() },
  });
  return {
    url: stack.url,
    /** The handlers' environment (endpoints, pool and client ids). */
    env: stack.env,
    /** Every adapter, signed as the deployer, reaching the same emulators: for seeding and checks. */
    deps: stack.deps!,
    /** What each Lambda's handler runs over: wrap these to time what a handler does. */
    lambdaDeps: stack.lambdaDeps!,
    /** Scratch space of this run, removed by stop(). */
    dataDir,
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const median = (values: number[]) => percentile(values, 50);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** A new visitor's session token, from the server as the browser gets it. */
export async function visitorSession(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`session ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A new visitor's headers: JSON and their session token. */
export const visitorHeaders = async (url: string) => ({
  'content-type': 'application/json',
  [SESSION_HEADER]: await visitorSession(url),
});

/** create → presigned PUT → complete, as the upload page does, as a new visitor. Returns the upload id. */
export async function uploadPhoto(url: string, photo: Buffer): Promise<string> {
  const headers = await visitorHeaders(url);
  const created = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ contentType: 'image/jpeg', size: photo.length }),
  }).then((r) => r.json());
  const put = await fetch(created.uploadUrl, {
    method: 'PUT',
    headers: created.headers,
    body: new Uint8Array(photo),
  });
  if (!put.ok) throw new Error(`PUT failed: ${put.status}`);
  const completed = await fetch(`${url}/api/uploads/${created.uploadId}/complete`, {
    method: 'POST',
    headers,
  });
  if (!completed.ok) throw new Error(`complete failed: ${completed.status} ${await completed.text()}`);
  return created.uploadId;
}

/** Polls the status endpoint until every job has finished; returns the jobs. */
export async function waitForJobs(url: string, uploadId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const view = await fetch(`${url}/api/uploads/${uploadId}`).then((r) => r.json());
    if (view.jobs.length && view.jobs.every((j: { status: string }) => j.status !== 'processing'))
      return view.jobs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`upload ${uploadId} did not finish in ${timeoutMs} ms`);
}

export const BENCH_PASSWORD = 'correct horse battery';

/** A Cognito call through the gateway's /cognito proxy, as the browser makes it locally. */
export async function cognitoCall(url: string, target: string, body: object) {
  const response = await fetch(`${url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${target}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A new confirmed parent, signed in: their sub, email and ID token. */
export async function newSignedInUser(stack: { url: string; env: Record<string, string> }) {
  const { USER_POOL_CLIENT_ID: ClientId, USER_POOL_ID, AWS_REGION } = stack.env;
  const email = `bench-${crypto.randomUUID()}@example.com`;
  const { UserSub } = await cognitoCall(stack.url, 'SignUp', {
    ClientId,
    Username: email,
    Password: BENCH_PASSWORD,
  });
  const admin = new CognitoIdentityProviderClient({ region: AWS_REGION });
  await admin.send(new AdminConfirmSignUpCommand({ UserPoolId: USER_POOL_ID, Username: email }));
  admin.destroy();
  const signIn = await cognitoCall(stack.url, 'InitiateAuth', {
    ClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: BENCH_PASSWORD },
  });
  return { sub: UserSub as string, email, idToken: signIn.AuthenticationResult.IdToken as string };
}
