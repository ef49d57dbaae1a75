/**
 * npm run bench:cutouts — offline background removal on the cut-out set, whose masks are exact by
 * construction, in two halves: composites built as matting sets are (cutout-set/composites.ts:
 * 3D-rendered children with their exact alpha laid over photographed and drawn backgrounds, arms
 * raised, over the head, outstretched, dancing, shrugging, sitting, standing, large and far away),
 * and drawn paper dolls with photographed faces (cutout-set/cases.ts). Prints per photo the IoU
 * with the true mask, the outline's colour error on a new background (cutout-set/edges.ts: a halo
 * of the old background shows there) and the share of each forearm and hand kept opaque; then per
 * half and for the whole set the mean IoU, forearms and hands kept and refusals (target: IoU ≥
 * 0.95, no forearm or hand lost, no child refused) and the time per 12 MP photo (target ≤ 300 ms
 * on 2 cores) without and with decoding its JPEG, and the CPU time it takes (what the Lambda's vCPUs
 * must give).
 * CUTOUT_REVIEW_DIR=/some/dir also writes each cut-out on the new background there.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { removeBackgroundOffline } from '../src/background/remove-background';
import { SubjectNotFoundError } from '../src/errors';
import { CASES, type RenderedCase, renderCase } from './cutout-set/cases';
import { COMPOSITES, renderComposite } from './cutout-set/composites';
import { edgeError, NEW_BACKGROUND } from './cutout-set/edges';
import { alphaInPhoto, KEPT_RECALL, scoreCutout } from './cutout-set/score';
import { printTwelveMpTiming } from './twelve-mp-timing';

const TWELVE_MP_LONG_SIDE = 4000;

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function review(dir: string, name: string, png: Buffer) {
  mkdirSync(dir, { recursive: true });
  await sharp(png)
    .flatten({ background: NEW_BACKGROUND })
    .png()
    .toFile(path.join(dir, `${name}.png`));
}

type SetScore = { ious: number[]; edges: number[]; lost: string[]; limbs: number; refused: string[] };

/** Scores each photo of one half of the set; keeps a 12 MP copy of each for the timing. */
async function scoreSet(
  title: string,
  renders: Array<() => Promise<RenderedCase>>,
  twelveMp: Buffer[],
  reviewDir: string | undefined,
): Promise<SetScore> {
  console.log(`— ${title}`);
  const set: SetScore = { ious: [], edges: [], lost: [], limbs: 0, refused: [] };
  for (const render of renders) {
    const rendered = await render();
    const out = await removeBackgroundOffline(rendered.jpeg).catch((error) => {
      if (error instanceof SubjectNotFoundError) return null;
      throw error;
    });
    if (!out) set.refused.push(rendered.name);
    // A refusal keeps nothing of the child.
    const alpha = out ? alphaInPhoto(out.mask, out.frame) : new Uint8Array(rendered.truth.length);
    const score = scoreCutout(rendered, alpha);
    set.ious.push(score.iou);
    set.limbs += score.limbs.length;
    const limbs = score.limbs.map(({ name, recall }) => {
      if (recall < KEPT_RECALL) set.lost.push(`${rendered.name} ${name}`);
      return `${name} ${(100 * recall).toFixed(0)}%`;
    });
    const edge = out && (await edgeError(rendered, out.png, out.frame));
    if (edge !== null) set.edges.push(edge);
    console.log(
      `${rendered.name.padEnd(24)} IoU ${score.iou.toFixed(3)}  ` +
        (out ? `outline error ${edge?.toFixed(1)}  ${limbs.join(', ')}` : 'refused (no person found)'),
    );
    if (reviewDir && out) await review(reviewDir, rendered.name, out.png);
    twelveMp.push(
      await sharp(rendered.jpeg)
        .resize(TWELVE_MP_LONG_SIDE, TWELVE_MP_LONG_SIDE, { fit: 'inside' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  console.log(
    `${title}: mean IoU ${mean(set.ious).toFixed(3)} (lowest ${Math.min(...set.ious).toFixed(3)}); ` +
      `mean outline error on a new background ${mean(set.edges).toFixed(1)} of 255; ` +
      `forearms and hands kept ${set.limbs - set.lost.length}/${set.limbs}; refused: ${set.refused.join(', ') || 'none'}; ` +
      `lost (< ${KEPT_RECALL * 100}% kept): ${set.lost.length ? set.lost.join(', ') : 'none'}`,
  );
  return set;
}

async function main() {
  const reviewDir = process.env.CUTOUT_REVIEW_DIR;
  const twelveMp: Buffer[] = [];
  const composites = await scoreSet(
    'composited 3D figures (exact alpha)',
    COMPOSITES.map((spec) => () => renderComposite(spec)),
    twelveMp,
    reviewDir,
  );
  const dolls = await scoreSet(
    'drawn paper dolls with photographed faces',
    CASES.map((spec) => () => renderCase(spec)),
    twelveMp,
    reviewDir,
  );
  const all = [...composites.ious, ...dolls.ious];
  console.log(
    `whole set: mean IoU ${mean(all).toFixed(3)}; forearms and hands kept ` +
      `${composites.limbs + dolls.limbs - composites.lost.length - dolls.lost.length}/${composites.limbs + dolls.limbs}`,
  );
  await printTwelveMpTiming('the cut-out set', twelveMp);
}

await main();
