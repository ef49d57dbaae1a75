/**
 * The yardstick of the background-removal benchmark: @imgly/background-removal-node (AGPL-3.0, so
 * never a dependency of the product) installed by the benchmark at run time into a cache folder,
 * run on the same photos, compared by IoU of the masks. Null when it cannot be installed here. Its
 * masks are kept in the cache folder by photo and version: it takes seconds a photo, ours do not.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

const DIR = path.resolve('node_modules/.cache/imgly-yardstick');
const PACKAGE = '@imgly/background-removal-node';

type Imgly = {
  removeBackground(
    image: Blob,
    config: { publicPath: string; model: string; output: { format: string } },
  ): Promise<Blob>;
};

function install(): boolean {
  if (existsSync(path.join(DIR, 'node_modules', PACKAGE))) return true;
  mkdirSync(DIR, { recursive: true });
  // Its own sharp would clash with ours; CUDA binaries are not needed.
  writeFileSync(
    path.join(DIR, 'package.json'),
    JSON.stringify({ private: true, overrides: { sharp: '0.35.5' } }),
  );
  writeFileSync(path.join(DIR, '.npmrc'), 'onnxruntime-node-install-cuda=skip\n');
  try {
    execFileSync('npm', ['install', '--no-fund', '--no-audit', '--no-save', PACKAGE], {
      cwd: DIR,
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** Alpha masks (0–255, one channel) of the yardstick, at the size asked. */
export async function yardstick(): Promise<
  ((photo: Buffer, width: number, height: number) => Promise<Uint8Array>) | null
> {
  if (!install()) return null;
  const require = createRequire(path.join(DIR, 'package.json'));
  const entry = require.resolve(PACKAGE);
  const imgly = (await import(pathToFileURL(entry).href)) as Imgly;
  // Its package.json is not exported; the models sit beside the entry in dist/.
  const publicPath = `${pathToFileURL(path.dirname(entry)).href}/`;
  const { version } = JSON.parse(
    readFileSync(path.join(DIR, 'node_modules', PACKAGE, 'package.json'), 'utf8'),
  );
  const masks = path.join(DIR, 'masks');
  mkdirSync(masks, { recursive: true });
  return async (photo, width, height) => {
    const hash = createHash('sha1').update(photo).digest('hex');
    const cached = path.join(masks, `${version}-medium-${hash}-${width}x${height}.png`);
    if (existsSync(cached)) return new Uint8Array(await sharp(cached).extractChannel(0).raw().toBuffer());
    // It ignores EXIF orientation: give it the oriented pixels.
    const oriented = await sharp(photo).autoOrient().png().toBuffer();
    const blob = await imgly.removeBackground(new Blob([oriented], { type: 'image/png' }), {
      publicPath,
      model: 'medium',
      output: { format: 'image/png' },
    });
    const png = Buffer.from(await blob.arrayBuffer());
    const alpha = await sharp(png).resize(width, height, { fit: 'fill' }).extractChannel(3).raw().toBuffer();
    await sharp(alpha, { raw: { width, height, channels: 1 } })
      .png()
      .toFile(cached);
    return new Uint8Array(alpha);
  };
}

/**
 * Two masks thresholded at one half: intersection over union, and the shares of the union that
 * only ours (`a`) or only the yardstick (`b`) holds — which way the disagreement goes.
 */
export function agreement(a: Uint8Array, b: Uint8Array): { iou: number; onlyA: number; onlyB: number } {
  let both = 0;
  let onlyA = 0;
  let onlyB = 0;
  for (let i = 0; i < a.length; i++) {
    const inA = a[i] >= 128;
    const inB = b[i] >= 128;
    if (inA && inB) both++;
    else if (inA) onlyA++;
    else if (inB) onlyB++;
  }
  const either = both + onlyA + onlyB;
  return either
    ? { iou: both / either, onlyA: onlyA / either, onlyB: onlyB / either }
    : { iou: 1, onlyA: 0, onlyB: 0 };
}
