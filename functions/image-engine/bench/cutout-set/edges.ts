/**
 * Halo check: the cut-out laid on a new, flat background, against the true child laid on it with
 * the true mask, along the child's outline (within EDGE_BAND pixels of it). Old background showing
 * through the soft edge, and edge pixels cut or kept wrongly, both count. The true child's colour
 * is the photo's where the true mask is opaque.
 */
import sharp from 'sharp';
import { near } from '../../src/background/regions';
import type { CutoutFrame } from '../../src/background/remove-background';
import type { RenderedCase } from './cases';

/** The new background: a magenta no backdrop of the set comes near, so a fringe shows. */
export const NEW_BACKGROUND = { r: 214, g: 60, b: 150 };
const EDGE_BAND = 3;

/** The mean, over the outline's band, of the largest channel difference (0–255). */
export async function edgeError(rendered: RenderedCase, png: Buffer, frame: CutoutFrame): Promise<number> {
  const { width, height, truth } = rendered;
  const [photo, cut] = await Promise.all([
    sharp(rendered.jpeg).removeAlpha().raw().toBuffer(),
    sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  ]);
  const inside = Uint8Array.from(truth, (v) => (v >= 128 ? 1 : 0));
  const outside = Uint8Array.from(inside, (v) => 1 - v);
  const nearInside = near(inside, width, height, EDGE_BAND);
  const nearOutside = near(outside, width, height, EDGE_BAND);
  const backdrop = [NEW_BACKGROUND.r, NEW_BACKGROUND.g, NEW_BACKGROUND.b];
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!nearInside[i] || !nearOutside[i]) continue;
      const cx = x - frame.left;
      const cy = y - frame.top;
      const inCrop = cx >= 0 && cy >= 0 && cx < cut.info.width && cy < cut.info.height;
      const at = (cy * cut.info.width + cx) * 4;
      const alpha = inCrop ? cut.data[at + 3] / 255 : 0;
      const trueAlpha = truth[i] / 255;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const ours = inCrop ? alpha * cut.data[at + c] + (1 - alpha) * backdrop[c] : backdrop[c];
        const wanted = trueAlpha * photo[i * 3 + c] + (1 - trueAlpha) * backdrop[c];
        worst = Math.max(worst, Math.abs(ours - wanted));
      }
      sum += worst;
      count++;
    }
  }
  return count ? sum / count : 0;
}
