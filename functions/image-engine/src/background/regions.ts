/**
 * Connected regions of a soft mask (0–255): which blob is the child. A region keeps its own soft
 * edge (the pixels just around it) and drops every other blob, e.g. a parent's arm at the border;
 * `sureParts` then drops what hangs on to it with middling probability, e.g. a neighbour's hair.
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
/** A probability the model is sure of (0.9), and how far (in mask pixels) a soft part may lie from one. */
const SURE = 230;
const SURE_REACH = 6;

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
  for (let i = 0; i < out.length; i++) if (keep[i]) out[i] = data[i];
  return { mask: { data: out, width, height }, area, box: boxOf(out, width, height) };
}

/** The box of the pixels at least VISIBLE, or an empty box (right < left) when there are none. */
export function boxOf(data: Uint8Array, width: number, height: number): Region['box'] {
  const box = { left: width, top: height, right: -1, bottom: -1 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x] < VISIBLE) continue;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return box;
}

/** Along one line of `length` cells (cell k at start + k·step): 1 where a marked cell is within `reach`. */
function nearAlong(
  marked: Uint8Array,
  out: Uint8Array,
  start: number,
  step: number,
  length: number,
  reach: number,
) {
  let last = -Infinity;
  for (let k = 0, i = start; k < length; k++, i += step) {
    if (marked[i]) last = k;
    out[i] = k - last <= reach ? 1 : 0;
  }
  let next = Infinity;
  for (let k = length - 1, i = start + k * step; k >= 0; k--, i -= step) {
    if (marked[i]) next = k;
    if (next - k <= reach) out[i] = 1;
  }
}

/** Whether each pixel lies within `reach` pixels (along x and y) of a marked one: a square dilation. */
export function near(marked: Uint8Array, width: number, height: number, reach: number): Uint8Array {
  const rows = new Uint8Array(marked.length);
  for (let y = 0; y < height; y++) nearAlong(marked, rows, y * width, 1, width, reach);
  const out = new Uint8Array(marked.length);
  for (let x = 0; x < width; x++) nearAlong(rows, out, x, width, height, reach);
  return out;
}

/**
 * The region without the parts far from any pixel the model is sure of. The child's own soft edge
 * is a band a few pixels wide beside sure pixels; a neighbour's hair, a sofa or a pillow touching
 * the child comes out as a wide patch of middling probability, and is dropped. A region with no
 * sure pixel at all is returned as it is (the model is unsure of everything: keep what it found).
 */
export function sureParts(region: Region, sure = SURE, reach = SURE_REACH): Region {
  const { data, width, height } = region.mask;
  const marked = new Uint8Array(data.length);
  let any = false;
  for (let i = 0; i < data.length; i++) {
    marked[i] = data[i] >= sure ? 1 : 0;
    any ||= marked[i] === 1;
  }
  if (!any) return region;
  const within = near(marked, width, height, reach);
  const out = new Uint8Array(data.length);
  let area = 0;
  for (let i = 0; i < out.length; i++) {
    if (!within[i]) continue;
    out[i] = data[i];
    if (out[i] >= SOLID) area++;
  }
  return { mask: { data: out, width, height }, area, box: boxOf(out, width, height) };
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

/** The marked pixels joined to the seeds through each other (4-connected), seeds excluded. */
export function joinedTo(seeds: Uint8Array, marked: Uint8Array, width: number): Uint8Array {
  const joined = new Uint8Array(seeds.length);
  // Each pixel enters the stack at most once: as a seed or when first joined.
  const stack = new Int32Array(seeds.length);
  let top = 0;
  for (let i = 0; i < seeds.length; i++) if (seeds[i]) stack[top++] = i;
  const visit = (n: number) => {
    if (joined[n] || seeds[n] || !marked[n]) return;
    joined[n] = 1;
    stack[top++] = n;
  };
  while (top > 0) {
    const i = stack[--top];
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i + width < seeds.length) visit(i + width);
  }
  return joined;
}
