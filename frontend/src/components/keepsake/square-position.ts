import { coverCrop } from '@shared/rules/placement';

/**
 * Where a square keepsake's crop (coverCrop: centred across, a tall scene around its ground line)
 * sits in a scene, as CSS object-position percentages: an image covering a square box and placed
 * at p % shows the part that starts p % of the way along what the box leaves out.
 */
export function squarePosition(scene: {
  nativeWidth: number;
  nativeHeight: number;
  groundY?: number | null;
}) {
  const { nativeWidth: width, nativeHeight: height, groundY } = scene;
  const crop = coverCrop({ width, height }, { width: 1, height: 1 }, groundY);
  const share = (start: number, spare: number) => (spare > 0.5 ? (100 * start) / spare : 50);
  return `${share(crop.sx, width - crop.sw)}% ${share(crop.sy, height - crop.sh)}%`;
}
