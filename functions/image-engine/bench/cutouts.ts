/**
 * npm run bench:cutouts — offline background removal on the cut-out set (cutout-set/cases.ts:
 * drawn children whose masks are exact, arms raised, outstretched, waving and resting, on
 * photographed and drawn backgrounds). Prints per photo the IoU with the true mask, the outline's
 * colour error on a new background (cutout-set/edges.ts: a halo of the old background shows
 * there) and the share of each forearm and hand kept opaque; then the means (target: IoU ≥ 0.95,
 * no forearm or hand lost) and the time per 12 MP photo without decoding (target ≤ 300 ms on
 * 2 cores). CUTOUT_REVIEW_DIR=/some/dir also writes each cut-out on the new background there.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { removeBackgroundOffline } from '../src/background/remove-background';
import { SubjectNotFoundError } from '../src/errors';
import { CASES, renderCase } from './cutout-set/cases';
import { edgeError, NEW_BACKGROUND } from './cutout-set/edges';
import { alphaInPhoto, KEPT_RECALL, scoreCutout } from './cutout-set/score';

const TWELVE_MP_LONG_SIDE = 4000;

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function review(dir: string, name: string, png: Buffer) {
  mkdirSync(dir, { recursive: true });
  await sharp(png)
    .flatten({ background: NEW_BACKGROUND })
    .png()
    .toFile(path.join(dir, `${name}.png`));
}

async function main() {
  const reviewDir = process.env.CUTOUT_REVIEW_DIR;
  const ious: number[] = [];
  const edges: number[] = [];
  const lost: string[] = [];
  const twelveMp: Buffer[] = [];
  for (const spec of CASES) {
    const rendered = await renderCase(spec);
    const out = await removeBackgroundOffline(rendered.jpeg).catch((error) => {
      if (error instanceof SubjectNotFoundError) return null;
      throw error;
    });
    // A refusal keeps nothing of the child.
    const alpha = out ? alphaInPhoto(out.mask, out.frame) : new Uint8Array(rendered.truth.length);
    const score = scoreCutout(rendered, alpha);
    ious.push(score.iou);
    const limbs = score.limbs.map(({ name, recall }) => {
      if (recall < KEPT_RECALL) lost.push(`${spec.name} ${name}`);
      return `${name} ${(100 * recall).toFixed(0)}%`;
    });
    const edge = out && (await edgeError(rendered, out.png, out.frame));
    if (edge !== null) edges.push(edge);
    console.log(
      `${spec.name.padEnd(24)} IoU ${score.iou.toFixed(3)}  ` +
        (out ? `outline error ${edge?.toFixed(1)}  ${limbs.join(', ')}` : 'refused (no person found)'),
    );
    if (reviewDir && out) await review(reviewDir, spec.name, out.png);
    twelveMp.push(
      await sharp(rendered.jpeg)
        .resize(TWELVE_MP_LONG_SIDE, TWELVE_MP_LONG_SIDE, { fit: 'inside' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  console.log(
    `mean IoU ${mean(ious).toFixed(3)} (lowest ${Math.min(...ious).toFixed(3)}); ` +
      `mean outline error on a new background ${mean(edges).toFixed(1)} of 255; ` +
      `forearms and hands lost (< ${KEPT_RECALL * 100}% kept): ${lost.length ? lost.join(', ') : 'none'}`,
  );
  const work: number[] = [];
  const decode: number[] = [];
  const segment: number[] = [];
  const compose: number[] = [];
  for (const photo of twelveMp) {
    const timings = await removeBackgroundOffline(photo).then(
      (out) => out.timings,
      () => null,
    );
    if (!timings) continue;
    work.push(timings.segment + timings.compose);
    decode.push(timings.decode);
    segment.push(timings.segment);
    compose.push(timings.compose);
  }
  console.log(
    `12 MP photos: median ${median(work).toFixed(0)} ms, slowest ${Math.max(...work).toFixed(0)} ms ` +
      `without decoding (segment ${median(segment).toFixed(0)} ms, cut-out ${median(compose).toFixed(0)} ms; ` +
      `decode median ${median(decode).toFixed(0)} ms)`,
  );
}

await main();
