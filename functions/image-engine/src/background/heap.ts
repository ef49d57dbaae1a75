/**
 * The garbage collector's pace while cutting out. A cut-out makes ~50 MB of short-lived arrays
 * beside a heap of ~50 MB (the models' graphs, face-api); V8 sets the next full collection's limit
 * a small factor above what survived the last, and since that room is smaller than its young
 * generation, it marked the whole heap every 100–150 ms. Measured on the real portraits at 12 MP
 * (Node 24): 86 full collections in 44 cut-outs (~30 ms a photo); with the heap let grow 4× the
 * survivors (heap-growing-percent 300), 35, the heap at most ~77 MB before one, the process's
 * memory 461 → 506 MB of the moments Lambda's 2048, the slowest photo 20–40 ms sooner.
 * V8 reads the flag whenever it sets a limit, so setting it while running takes effect (checked
 * with --trace-gc); a Lambda could not pass it at start: Node refuses V8's heap flags in
 * NODE_OPTIONS. It is the whole process's, so the process that cuts out sets it where it starts:
 * the moments Lambda's composition root (adapters/roots/moments.ts, which the local stack builds
 * too), and the benches that time cut-outs as that Lambda runs them (they print the full
 * collections a photo, so a flag V8 stopped reading would show).
 */
import v8 from 'node:v8';

const HEAP_GROWING_PERCENT = 300;

let paced = false;
export function paceCollectorForCutouts(): void {
  if (paced) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  paced = true;
}
