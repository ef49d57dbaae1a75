/**
 * Runs the Replicate fake on its own: `tsx scripts/local/replicate-fake/main.ts [--port 8790]`
 * (or REPLICATE_FAKE_PORT). It prints the settings that point the app at it; Ctrl-C stops it.
 */
import { startReplicateFake } from './replicate-fake';

const DEFAULT_PORT = 8790;

function portOf(argv: string[]): number {
  const flag = argv.indexOf('--port');
  const raw = flag >= 0 ? argv[flag + 1] : process.env.REPLICATE_FAKE_PORT;
  if (raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`The Replicate fake's port must be a port number (0 = any free one); got "${raw}"`);
  }
  return port;
}

const fake = await startReplicateFake({
  port: portOf(process.argv.slice(2)),
  ...(process.env.REPLICATE_WEBHOOK_SECRET ? { webhookSecret: process.env.REPLICATE_WEBHOOK_SECRET } : {}),
});
console.log(`[replicate-fake] Replicate's predictions API, faked, at ${fake.url}`);
console.log('[replicate-fake] point the app at it with:');
console.log('  IMAGE_AI_PROVIDER=replicate');
console.log(`  REPLICATE_API_BASE=${fake.url}`);
console.log('  REPLICATE_API_TOKEN=local-fake-token   (any token is accepted)');
console.log(`  REPLICATE_WEBHOOK_SECRET=${fake.secret}   (or leave it unset: the app asks the fake)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.stop().then(() => process.exit(0));
  });
}
