/** Where the local stack lives on disk. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The everyday data folder (ignored by git, like any `.local*` folder at the root). */
export const DEFAULT_DATA_DIR = '.local';

/**
 * The data folder of `npm start`, `npm run local:wipe` and the operator tools: LOCAL_DATA_DIR
 * (absolute, or relative to the repo root whatever the working directory) or `.local/`. Another
 * folder runs a fresh stack beside the everyday data.
 */
export function localDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(REPO_ROOT, env.LOCAL_DATA_DIR || DEFAULT_DATA_DIR);
}

/** A folder as people read it: relative inside the repo (`.local/logs`), absolute elsewhere. */
export function displayPath(folder: string): string {
  const relative = path.relative(REPO_ROOT, folder);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : folder;
}

/** The running stack's environment (endpoints, pool ids) in its data folder, for operator tools. */
export const STACK_ENV_FILE = 'env.json';
