/**
 * How a watermarked picture differs from an unmarked one of the same scene, compared at the marked
 * picture's size: the watermark is white text at ~36 % opacity, so in a few percent of the pixels
 * the marked picture is clearly brighter and almost never darker. Two marked (or two unmarked)
 * copies show no such gap; two different pictures show a large mean difference.
 */
import sharp from 'sharp';

export type WatermarkGap = {
  /** Mean absolute difference in grey levels (0–255). */
  mad: number;
  /** Share of pixels more than 20 grey levels brighter in the marked picture. */
  brighter: number;
  /** Share of pixels more than 20 grey levels darker in the marked picture. */
  darker: number;
  /** The marked picture's width. */
  width: number;
};

export async function watermarkGap(marked: Buffer, unmarked: Buffer): Promise<WatermarkGap> {
  const { data: m, info } = await sharp(marked).greyscale().raw().toBuffer({ resolveWithObject: true });
  const u = await sharp(unmarked).resize(info.width, info.height).greyscale().raw().toBuffer();
  let sum = 0;
  let brighter = 0;
  let darker = 0;
  for (let i = 0; i < m.length; i++) {
    const diff = m[i]! - u[i]!;
    sum += Math.abs(diff);
    if (diff > 20) brighter++;
    if (diff < -20) darker++;
  }
  const n = m.length;
  return { mad: sum / n, brighter: brighter / n, darker: darker / n, width: info.width };
}

/** The same scene, with a watermark on the marked picture only. */
export const showsWatermarkOnlyOnMarked = (gap: WatermarkGap) =>
  gap.mad < 12 && gap.brighter > 0.015 && gap.brighter > 5 * gap.darker;
