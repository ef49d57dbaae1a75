/**
 * Where the segmentation model is: beside this file in the repository, and beside the bundle in a
 * Lambda (infra copies `model/` next to index.js; a bundle has no source folder to look in).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = () => (typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url)));

export function modelDir(): string {
  const candidates = [
    process.env.SELFIE_MODEL_DIR,
    path.join(here(), 'model'),
    path.join(here(), 'selfie-model'),
    path.join(process.cwd(), 'functions/image-engine/src/background/model'),
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(path.join(dir, 'selfie.json')));
  if (!found)
    throw new Error(`The selfie segmentation model is missing (looked in ${candidates.join(', ')})`);
  return found;
}
