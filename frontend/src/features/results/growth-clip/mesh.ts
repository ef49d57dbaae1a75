/** The clip's triangle mesh: a Delaunay triangulation (delaunator) of the ages' mean aligned shape. */
import type { MeshImage } from '@shared/rules/growth-clip';
import Delaunator from 'delaunator';

/** Triangles (point index triples) of the Delaunay triangulation of the mean aligned shape. */
export function meshTriangles(images: readonly MeshImage[]): [number, number, number][] {
  const count = images[0].aligned.length;
  const coords = new Float64Array(count * 2);
  for (const { aligned } of images)
    for (let i = 0; i < count; i++) {
      coords[2 * i] += aligned[i][0] / images.length;
      coords[2 * i + 1] += aligned[i][1] / images.length;
    }
  const { triangles } = new Delaunator(coords);
  const out: [number, number, number][] = [];
  for (let i = 0; i < triangles.length; i += 3) out.push([triangles[i], triangles[i + 1], triangles[i + 2]]);
  return out;
}
