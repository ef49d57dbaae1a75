/**
 * Where the segmentation and pose models are: beside this file in the repository, and beside the
 * bundle in a Lambda (infra copies `model/` as `selfie-model/` next to index.js; a bundle has no
 * source folder to look in).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = () => (typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url)));

const MODEL_FILES = ['selfie.json', 'selfie.bin', 'movenet-lightning.json', 'movenet-lightning.bin'];

export function modelDir(): string {
  const candidates = [
    process.env.SELFIE_MODEL_DIR,
    path.join(here(), 'model'),
    path.join(here(), 'selfie-model'),
    path.join(process.cwd(), 'functions/image-engine/src/background/model'),
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => MODEL_FILES.every((file) => existsSync(path.join(dir, file))));
  if (!found)
    throw new Error(
      `The segmentation and pose models (${MODEL_FILES.join(', ')}) are missing (looked in ${candidates.join(', ')})`,
    );
  return found;
}

/** A TensorFlow.js graph model of the folder (`name`.json and `name`.bin), as `tf.io.fromMemory` takes it. */
export function graphModelArtifacts(name: string) {
  const dir = modelDir();
  const json = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
  const weights = readFileSync(path.join(dir, `${name}.bin`));
  return {
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest[0].weights,
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}
