/** Counts V8's full (mark-compact) garbage collections, for the benches that print them a photo. */
import { constants, PerformanceObserver } from 'node:perf_hooks';

export function countFullCollections() {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (
        (entry as unknown as { detail?: { kind?: number } }).detail?.kind ===
        constants.NODE_PERFORMANCE_GC_MAJOR
      )
        count++;
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    /** Stops counting and returns the count (the observer's entries arrive a tick late). */
    async stop(): Promise<number> {
      await new Promise((resolve) => setImmediate(resolve));
      observer.disconnect();
      return count;
    },
  };
}
