/** `npm run local:wipe`: deletes the local stack's data (.local/), refusing while the stack runs. */
import { existsSync, rmSync } from 'node:fs';
import { LOCAL_DATA_DIR as dataDir } from './paths';
import { runningStackPid } from './pid-file';

if (!existsSync(dataDir)) {
  console.log('Nothing to wipe: .local/ does not exist.');
} else {
  const pid = runningStackPid(dataDir);
  if (pid !== undefined) {
    console.error(
      `The local stack is running (pid ${pid}). Stop it (Ctrl-C in its terminal) before wiping .local/.`,
    );
    process.exit(1);
  }
  rmSync(dataDir, { recursive: true, force: true });
  console.log('Wiped .local/: tables, objects, queued messages, users and pools are gone.');
}
