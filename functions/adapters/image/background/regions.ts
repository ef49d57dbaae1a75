/**
 * Connected regions of a soft mask (0–255): which blob is the child. A region keeps its own soft
 * edge (the pixels just around it) and drops every other blob, e.g. a parent's arm at the border.
 */
export type Mask = { data: Uint8Array; width: number; height: number };
export type Region = {
  mask: Mask;
  area: number;
  box: { left: number; top: number; right: number; bottom: number };
};

const SOLID = 128;
/** Soft-edge pixels this close (in mask pixels) to the region belong to it. */
const EDGE_REACH = 2;
/** Pixels fainter than this do not count towards the trimmed box. */
const VISIBLE = 24;

/** Labels of the solid pixels (4-connected), 0 = background; and each label's pixel count. */
function label(mask: Mask): { labels: Int32Array; sizes: number[] } {
  const { data, width, height } = mask;
  const labels = new Int32Array(width * height);
  const sizes = [0];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (data[start] < SOLID || labels[start]) continue;
    const id = sizes.length;
    let size = 0;
    labels[start] = id;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop() as number;
      size++;
      const x = i % width;
      const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const n of neighbours) {
        if (n < 0 || n >= data.length || labels[n] || data[n] < SOLID) continue;
        labels[n] = id;
        stack.push(n);
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

function regionOf(mask: Mask, labels: Int32Array, id: number, area: number): Region {
  const { width, height, data } = mask;
  let keep = new Uint8Array(width * height);
  for (let i = 0; i < keep.length; i++) keep[i] = labels[i] === id ? 1 : 0;
  for (let step = 0; step < EDGE_REACH; step++) {
    const grown = keep.slice();
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (keep[y * width + x]) continue;
        for (let dy = -1; dy <= 1 && !grown[y * width + x]; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < width && ny < height && keep[ny * width + nx]) {
              grown[y * width + x] = 1;
              break;
            }
          }
        }
      }
    }
    keep = grown;
  }
  const out = new Uint8Array(width * height);
  const box = { left: width, top: height, right: -1, bottom: -1 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!keep[i]) continue;
      out[i] = data[i];
      if (data[i] < VISIBLE) continue;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return { mask: { data: out, width, height }, area, box };
}

export function largestRegion(mask: Mask): Region | null {
  const { labels, sizes } = label(mask);
  let best = 0;
  for (let id = 1; id < sizes.length; id++) if (sizes[id] > (sizes[best] ?? 0)) best = id;
  return best ? regionOf(mask, labels, best, sizes[best]) : null;
}

/**
 * The region at a point (the detected face's centre), or the nearest one within a few pixels;
 * the largest region when nothing is near.
 */
export function regionAt(mask: Mask, px: number, py: number): Region | null {
  const { labels, sizes } = label(mask);
  const { width, height } = mask;
  const cx = Math.round(px);
  const cy = Math.round(py);
  for (let radius = 0; radius <= Math.round(Math.min(width, height) / 16); radius++) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== radius) continue;
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const id = labels[y * width + x];
        if (id) return regionOf(mask, labels, id, sizes[id]);
      }
    }
  }
  return largestRegion(mask);
}
