/** Stopping the emulators' child processes without leaving any behind. */
import type { ChildProcess } from 'node:child_process';

export type RunningProcess = { pid: number; stop(): Promise<void> };

/** SIGTERM, then SIGKILL if the process has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
