/** Test faces for the growth clip's maths (growth-clip.test.ts, the feature's mesh test). */
import type { Pt } from './growth-clip';

/** A plausible face: 68 points in a 640 px image, eyes level at y 0.42. */
export function face(shiftX = 0, scale = 1): Pt[] {
  return Array.from({ length: 68 }, (_, i): Pt => {
    if (i >= 36 && i <= 41) return [0.38 + shiftX + 0.01 * Math.cos(i), 0.42 + 0.01 * Math.sin(i)];
    if (i >= 42 && i <= 47) return [0.62 + shiftX + 0.01 * Math.cos(i), 0.42 + 0.01 * Math.sin(i)];
    const angle = (i / 68) * Math.PI * 2;
    return [0.5 + shiftX + 0.3 * scale * Math.cos(angle), 0.55 + 0.35 * scale * Math.sin(angle)];
  });
}
