import { lerpPoints, meshImages, triangleAffine } from '@shared/rules/growth-clip';
import { face } from '@shared/rules/growth-clip.fixtures';
import { describe, expect, it } from 'vitest';
import { meshTriangles } from './mesh';

describe('mesh triangles', () => {
  const images = [face(), face(0.05, 1.1), face(-0.03, 0.95)].map((landmarks) => ({
    landmarks,
    width: 640,
    height: 640,
  }));

  it('warps a still image by its own alignment: every triangle gets the same map', () => {
    const mesh = meshImages(images, 720);
    const triangles = meshTriangles(mesh);
    expect(triangles.length).toBeGreaterThan(68);
    const { source, aligned } = mesh[1];
    const maps = triangles
      .map(([i, j, k]) =>
        triangleAffine([source[i], source[j], source[k]], [aligned[i], aligned[j], aligned[k]]),
      )
      .filter((m) => m !== null);
    for (const m of maps) for (let n = 0; n < 6; n++) expect(m![n]).toBeCloseTo(maps[0]![n], 6);
  });

  it('covers the whole frame: triangle areas sum to the frame’s', () => {
    const mesh = meshImages(images, 720);
    const pts = lerpPoints(mesh[0].aligned, mesh[1].aligned, 0.5);
    const area = meshTriangles(mesh).reduce((sum, [i, j, k]) => {
      const [a, b, c] = [pts[i], pts[j], pts[k]];
      return sum + Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2;
    }, 0);
    expect(area).toBeCloseTo(720 * 720, 0);
  });
});
