/** `npm run local:wipe`: deletes the local stack's data (LOCAL_DATA_DIR or .local/), refusing while the stack runs. */
import { existsSync, rmSync } from 'node:fs';
import { displayPath, localDataDir } from './paths';
import { runningStackPid } from './pid-file';

const dataDir = localDataDir();
const shown = `${displayPath(dataDir)}/`;

if (!existsSync(dataDir)) {
  console.log(`Nothing to wipe: ${shown} does not exist.`);
} else {
  const pid = runningStackPid(dataDir);
  if (pid !== undefined) {
    console.error(
      `The local stack is running (pid ${pid}). Stop it (Ctrl-C in its terminal) before wiping ${shown}.`,
    );
    process.exit(1);
  }
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Wiped ${shown}: tables, objects, queued messages, users and pools are gone.`);
}
