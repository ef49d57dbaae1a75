/**
 * npm run bench:migrate — on a throwaway local stack:
 *  1. sign-in round trip: InitiateAuth USER_PASSWORD_AUTH through the gateway's /cognito proxy, as
 *     the browser does locally;
 *  2. migration of a visitor session with 20 finished uploads (3 rendered ages each, originals in
 *     temp/, every file tagged anonymous): the whole POST /api/me/migrate, and the one
 *     TransactWriteItems (80 items) on its own.
 * Prints medians (target: migration of 20 uploads in one transaction ≤ 200 ms).
 */
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PREVIEW_AGES } from '@shared/catalog';
import { storageKeys } from '@shared/deployment';
import { planMigration } from '../../functions/core/account/migration-plan';
import { cognitoCall, median, BENCH_PASSWORD as PASSWORD, percentile, startBenchStack } from './bench-stack';

const UPLOADS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 30);

const stack = await startBenchStack();
const { deps } = stack;

/** A session with `count` finished uploads, seeded through the real adapters as complete + render leave them. */
async function seedSession(count: number): Promise<string> {
  const sessionId = crypto.randomUUID();
  const now = new Date();
  const expiresAt = Math.floor(now.getTime() / 1000) + 30 * 86_400;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const id = crypto.randomUUID();
      const upload = {
        id,
        owner: `session:${sessionId}` as const,
        status: 'awaiting_file' as const,
        incomingKey: storageKeys.incoming(id),
        declaredType: 'image/jpeg',
        declaredSize: 1000,
        purpose: 'previews' as const,
        migrated: false,
        createdAt: new Date(now.getTime() + i).toISOString(),
        expiresAt,
      };
      await deps.uploads.createUpload(upload);
      const fileKey = storageKeys.original(upload.owner, id);
      const bytes = Buffer.alloc(40_000, i);
      await deps.blobs.put('uploads', fileKey, bytes, { contentType: 'image/jpeg', anonymous: true });
      const jobs = PREVIEW_AGES.map((age) => ({
        uploadId: id,
        age,
        status: 'processing' as const,
        hdUnlocked: false,
        updatedAt: now.toISOString(),
        expiresAt,
      }));
      await deps.uploads.markReadyWithJobs(upload, fileKey, jobs);
      for (const age of PREVIEW_AGES) {
        const keys = {
          previewKey: storageKeys.preview(id, age, 'bench'),
          hdKey: storageKeys.hd(id, age, 'bench'),
        };
        await Promise.all([
          deps.blobs.put('renders', keys.previewKey, bytes, { contentType: 'image/jpeg', anonymous: true }),
          deps.blobs.put('renders', keys.hdKey, bytes, { contentType: 'image/jpeg', anonymous: true }),
        ]);
        await deps.uploads.completeJob(id, age, keys);
      }
    }),
  );
  // Let the emulator finish writing the seeded files before anything is timed.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return sessionId;
}

try {
  const clientId = stack.env.USER_POOL_CLIENT_ID;
  const email = `bench-${crypto.randomUUID()}@example.com`;
  const signUp = await cognitoCall(stack.url, 'SignUp', {
    ClientId: clientId,
    Username: email,
    Password: PASSWORD,
  });
  const admin = new CognitoIdentityProviderClient({ region: stack.env.AWS_REGION });
  await admin.send(new AdminConfirmSignUpCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email }));
  admin.destroy();

  const signIns: number[] = [];
  let idToken = '';
  for (let i = 0; i < SIGN_INS + 1; i++) {
    const started = performance.now();
    const result = await cognitoCall(stack.url, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    if (i > 0) signIns.push(performance.now() - started); // the first warms the proxy and cognito-local
    idToken = result.AuthenticationResult.IdToken;
  }

  const endToEnd: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const sessionId = await seedSession(UPLOADS);
    const started = performance.now();
    const response = await fetch(`${stack.url}/api/me/migrate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    const elapsed = performance.now() - started;
    const body = (await response.json()) as { migrated: unknown[] };
    if (!response.ok || body.migrated.length !== UPLOADS) {
      throw new Error(`migration moved ${body.migrated?.length} of ${UPLOADS}: ${JSON.stringify(body)}`);
    }
    if (run > 0) endToEnd.push(elapsed);
  }

  const transactionOnly: number[] = [];
  const to = `user:${signUp.UserSub}` as const;
  for (let run = 0; run < RUNS + 1; run++) {
    const sessionId = await seedSession(UPLOADS);
    const from = `session:${sessionId}` as const;
    const listed = await deps.uploads.listByOwner(from, { oldestFirst: true });
    const found = await Promise.all(listed.map((u) => deps.uploads.getUploadWithJobs(u.id)));
    const plans = found.map((f) => planMigration(f!.upload, f!.jobs, from, to));
    const started = performance.now();
    if (!(await deps.uploads.migrate(plans))) throw new Error('the transaction was refused');
    if (run > 0) transactionOnly.push(performance.now() - started);
  }

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `Sign-in round trip (InitiateAuth USER_PASSWORD_AUTH via ${stack.url}/cognito), ${SIGN_INS} runs`,
  );
  console.log(`  median ${ms(median(signIns))}   p95 ${ms(percentile(signIns, 95))}`);
  console.log(
    `Migration of ${UPLOADS} uploads × ${PREVIEW_AGES.length} jobs (${UPLOADS * 4} items), ${RUNS} runs`,
  );
  console.log(
    `  one TransactWriteItems      median ${ms(median(transactionOnly))}   p95 ${ms(percentile(transactionOnly, 95))}   (target ≤ 200 ms)`,
  );
  console.log(
    `  POST /api/me/migrate        median ${ms(median(endToEnd))}   p95 ${ms(percentile(endToEnd, 95))}` +
      '   (reads, 20 S3 copies, the transaction, temp/ deletes, 120 tag removals)',
  );
} finally {
  await stack.stop();
}
process.exit(0);
