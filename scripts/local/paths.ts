/** Where the local stack lives on disk. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `npm start` keeps its data here (ignored by git). */
export const LOCAL_DATA_DIR = path.join(REPO_ROOT, '.local');
/** The running stack's environment (endpoints, pool ids) in its data folder, for operator tools. */
export const STACK_ENV_FILE = 'env.json';
