/**
 * npm run bench:moments — the Moments performance figures, printed: the server's keepsake drawing
 * (HD and free) and offline background removal.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const parts = ['moments-compositions.ts', 'moments-background.ts'];
let failed = false;
for (const part of parts) {
  const file = path.join(import.meta.dirname, part);
  console.log(`\n== ${part.replace(/\.ts$/, '')}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
