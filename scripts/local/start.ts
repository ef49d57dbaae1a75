/** `npm start`: the whole product on this machine, data in `.local/` (or LOCAL_DATA_DIR), frontend with hot reload. */
import { JavaMissingError } from './emulators/dynamodb';
import { displayPath, localDataDir } from './paths';
import { PortInUseError } from './ports';
import { localNames } from './resources';
import { type LocalStack, startLocalStack } from './stack';

// The AWS SDK warns on every start that its 2027 releases need Node 22; this machine runs Node 20 by design.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const frontend = (process.env.LOCAL_FRONTEND ?? 'dev') as 'dev' | 'dist' | 'none';
const dataDir = localDataDir();

function summary(stack: LocalStack): string {
  const { emulators, env, ports, timings } = stack;
  return [
    '',
    `  Little Futures is running: ${stack.url}`,
    '',
    `  DynamoDB Local   ${emulators.endpoints.dynamodb}  table ${env.TABLE_NAME}   (pid ${emulators.pids.dynamodb}, data ${displayPath(emulators.paths.dynamodb)}/)`,
    `  fauxqs S3 + SQS  ${emulators.endpoints.s3}  buckets ${env.UPLOADS_BUCKET}, ${env.RENDERS_BUCKET}; queues ${localNames.renderQueue}, ${localNames.packQueue} + DLQs   (data ${displayPath(emulators.paths.s3)}/)`,
    `  cognito-local    ${emulators.endpoints.cognito}  pool ${env.USER_POOL_ID}, client ${env.USER_POOL_CLIENT_ID}   (pid ${emulators.pids.cognito}, data ${displayPath(emulators.paths.cognito)}/)`,
    `  IAM              ${emulators.iam ? "each Lambda's role from the CDK stack, enforced in front of the emulators (LOCAL_IAM=off to stop)" : 'not enforced (LOCAL_IAM=off)'}`,
    `  gateway          ${stack.url}  /api, /previews, frontend (${frontend}) on 127.0.0.1:${ports.app}`,
    `  Stripe (fake)    ${stack.stripe.url}  test checkout pages, signed events to /api/stripe/webhook (no real payments)`,
    `  Email outbox     ${displayPath(stack.outboxDir)}/  (one JSON file per email the app sends)`,
    `  Image AI         ${imageAiLine(stack)}`,
    `  Templates        the built-in illustrated library, seeded into the table and the renders bucket`,
    '',
    `  Sign-up confirmation code: always ${emulators.confirmationCode} (also printed below and logged in ${displayPath(emulators.paths.cognitoLog)})`,
    `  First admin: sign up as ${env.ADMIN_EMAIL} (ADMIN_EMAIL names another), then open ${stack.url}/admin/grant`,
    `  Logs: ${displayPath(emulators.paths.logs)}/    Data: ${displayPath(dataDir)}/ (wipe it with: npm run local:wipe, while stopped)`,
    stack.restoredMessages
      ? `  Re-queued ${stack.restoredMessages} render message(s) saved at the last stop.`
      : '',
    `  Started in ${(timings.total / 1000).toFixed(1)} s (emulators ${(timings.emulators / 1000).toFixed(1)} s, templates ${(timings.seed / 1000).toFixed(1)} s). Ctrl-C stops everything.`,
    '',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}

function imageAiLine({ hostedAi }: LocalStack): string {
  if (hostedAi.mode === 'fake')
    return `replicate, on the local fake of its predictions API at ${hostedAi.fake!.url} (its models run the offline code)`;
  if (hostedAi.mode === 'replicate')
    return `replicate at ${process.env.REPLICATE_API_BASE ?? 'api.replicate.com'}`;
  return 'offline (models shipped in npm packages); npm run start:hosted runs the hosted path on a local fake';
}

async function main(): Promise<void> {
  console.log('Starting the local stack (DynamoDB Local, fauxqs, cognito-local, gateway)...');
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      dataDir,
      frontend,
      // Scheduled pack generation: a look for due packs every minute.
      packScheduleEveryMs: 60_000,
      renderSweepEveryMs: 30_000,
      onConfirmationCode: (message) => console.log(`\n[cognito-local] ${message}\n`),
    });
  } catch (error) {
    if (error instanceof JavaMissingError || error instanceof PortInUseError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error('\nThe local stack could not start:', error);
    }
    process.exit(1);
  }
  console.log(summary(stack));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack...`);
    const force = setTimeout(() => {
      console.error('Stopping took too long; exiting.');
      process.exit(1);
    }, 15_000);
    await stack.stop();
    clearTimeout(force);
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
}

await main();
