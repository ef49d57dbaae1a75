/** A pid file in the data folder: one stack per folder, and no wipe while it runs. */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PID_FILE = 'stack.pid';

/** The pid of a live stack that uses this data folder, if any. */
export function runningStackPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, PID_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return isAlive(pid) ? pid : undefined;
}

/** Whether a process with this pid exists (EPERM: it does, but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Records this process as the folder's stack; returns the release function. */
export function claimDataDir(dataDir: string): () => void {
  const other = runningStackPid(dataDir);
  if (other !== undefined && other !== process.pid) {
    throw new Error(`Another local stack (pid ${other}) is using ${dataDir}. Stop it first.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, PID_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
