/**
 * The portraits of the background-removal benchmark. The only real photos at hand (face-api's six
 * samples) are group photos of adults, while the figure is about a photo of one child: a
 * head-and-shoulders crop is made around every face found, and a crop is used only when no other
 * face is in its frame. In a group crop the product keeps the person under the face (by design)
 * while the yardstick keeps everyone, which measures the framing, not the cut-out.
 */
import { detectFaces } from '@little-futures/image-engine/faces';
import sharp from 'sharp';
import type { FaceBox } from '../../functions/core/ports';
import { samplePhoto } from '../../functions/test-support/images';

export type Portrait = {
  /** e.g. `sample3 face 2`: faces numbered largest first, as face-api returns them. */
  name: string;
  crop: Buffer;
  /** Null when used; else why not. */
  excluded: string | null;
};

export const PORTRAIT_RULE =
  'head-and-shoulders crops (3:4, three face widths) around every face face-api finds in its six ' +
  'sample photos (group photos of adults); a crop is used when no other detected face overlaps it ' +
  '(one person in the frame, as in a photo of a child)';

const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;
type Box = { left: number; top: number; width: number; height: number };
const boxOf = (face: FaceBox): Box => ({ left: face.x, top: face.y, width: face.width, height: face.height });

export async function portraits(): Promise<Portrait[]> {
  const found: Portrait[] = [];
  for (const n of [1, 2, 3, 4, 5, 6] as const) {
    const photo = await sharp(samplePhoto(n)).autoOrient().jpeg().toBuffer();
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    const { faces } = await detectFaces(photo);
    for (const [k, face] of faces.entries()) {
      // Head and shoulders, 3:4, about three faces wide.
      const w = Math.min(width, Math.round(face.width * 3));
      const h = Math.min(height, Math.round((w * 4) / 3));
      const frame = {
        left: Math.max(0, Math.min(width - w, Math.round(face.x + face.width / 2 - w / 2))),
        top: Math.max(0, Math.min(height - h, Math.round(face.y - face.height * 0.6))),
        width: w,
        height: h,
      };
      const others = faces.filter((other) => other !== face && overlaps(boxOf(other), frame)).length;
      found.push({
        name: `sample${n} face ${k + 1}`,
        crop: await sharp(photo).extract(frame).jpeg({ quality: 92 }).toBuffer(),
        excluded: others ? `${others} other face${others > 1 ? 's' : ''} in the frame` : null,
      });
    }
  }
  return found;
}
