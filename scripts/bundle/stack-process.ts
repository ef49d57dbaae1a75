/**
 * The local stack as the integration tests have it (emulators, resources, Stripe's fake; no gateway,
 * no handlers) in a process of its own, for bench:cold-start: the booted bundles are then the only
 * app code running, and the emulators (fauxqs runs in-process) never share the bench's event loop.
 * Prints `BOOT_STACK=<json>` (the handlers' environment) once ready; stops on SIGTERM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulatorsOnly } from '../local/stack';
import { startLocalPayments } from '../local/stripe-fake/local-payments';

const dataDir = await mkdtemp(join(tmpdir(), 'lf-cold-start-'));
const stack = await startEmulatorsOnly({ dataDir });
const payments = await startLocalPayments({
  dataDir,
  appUrl: () => 'http://127.0.0.1:9',
  log: () => undefined,
});
process.stdout.write(`BOOT_STACK=${JSON.stringify({ ...stack.env, ...payments.env })}\n`);
const stop = async () => {
  await payments.stripe.stop();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
