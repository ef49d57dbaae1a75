/**
 * The 12 MP timing both cut-out benches print (bench:cutouts on its set, bench:moments on the real
 * portraits): the collector paced as the moments Lambda paces it, one untimed pass over every photo
 * (a warm Lambda's code runs hot), then each photo three times and its median run kept (one
 * garbage collection does not make a photo slow); median and slowest without and with decoding,
 * the CPU a photo takes (what the Lambda's vCPUs must give) and the full collections a photo.
 */
import { paceCollectorForCutouts } from '../src/background/heap';
import { type RemoveBackgroundTimings, removeBackgroundOffline } from '../src/background/remove-background';
import { countFullCollections } from './full-collections';

const TIMING_RUNS = 3;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function printTwelveMpTiming(label: string, photos: Buffer[]): Promise<void> {
  // As the moments Lambda runs cut-outs (its composition root sets this).
  paceCollectorForCutouts();
  for (const photo of photos) await removeBackgroundOffline(photo).catch(() => null);
  const typical: Array<RemoveBackgroundTimings & { cpu: number }> = [];
  let refused = 0;
  const collections = countFullCollections();
  for (const photo of photos) {
    const runs: Array<RemoveBackgroundTimings & { cpu: number }> = [];
    for (let run = 0; run < TIMING_RUNS; run++) {
      // CPU time of every thread (sharp's and the collector's too) over the whole call.
      const before = process.cpuUsage();
      const timings = await removeBackgroundOffline(photo).then(
        (out) => out.timings,
        () => null,
      );
      const used = process.cpuUsage(before);
      if (timings) runs.push({ ...timings, cpu: (used.user + used.system) / 1000 });
    }
    if (!runs.length) refused++;
    else typical.push(runs.sort((a, b) => a.segment + a.compose - (b.segment + b.compose))[runs.length >> 1]);
  }
  const fullCollections = await collections.stop();
  if (!typical.length) {
    console.log(`${label}: every photo refused`);
    return;
  }
  const work = typical.map((t) => t.segment + t.compose);
  const whole = typical.map((t) => t.decode + t.segment + t.compose);
  const cpu = typical.map((t) => t.cpu);
  console.log(
    `${label} at 12 MP (${typical.length} timed, ${refused} refused; each its median of ${TIMING_RUNS}): ` +
      `median ${ms(median(work))}, slowest ${ms(Math.max(...work))} without decoding ` +
      `(segment ${ms(median(typical.map((t) => t.segment)))}, cut-out ${ms(median(typical.map((t) => t.compose)))}; ` +
      `decode median ${ms(median(typical.map((t) => t.decode)))}); ` +
      `with decoding median ${ms(median(whole))}, slowest ${ms(Math.max(...whole))}`,
  );
  // A Lambda's vCPUs scale with its memory (the moments Lambda's 2048 MB: 1.16): this says how many
  // the time above needs.
  console.log(
    `${label}: CPU a photo, decoding included, median ${ms(median(cpu))}, ` +
      `${(mean(cpu) / mean(whole)).toFixed(2)} CPU-seconds per second of the call; ` +
      `${(fullCollections / (photos.length * TIMING_RUNS)).toFixed(1)} full garbage collections a photo`,
  );
}
