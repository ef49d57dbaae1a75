/**
 * Reports of a gesture at most once a frame: pointer events can outpace the screen, and each report
 * re-renders what follows it. `flush` hands over the last one at once (before a gesture's end is
 * committed); `pending` is the report not handed over yet.
 */
import { useRef } from 'react';

export function useOnceAFrame<T>(report: (value: T) => void) {
  const latest = useRef(report);
  latest.current = report;
  const pending = useRef<T | null>(null);
  const frameId = useRef(0);
  const flush = () => {
    cancelAnimationFrame(frameId.current);
    frameId.current = 0;
    const value = pending.current;
    pending.current = null;
    if (value !== null) latest.current(value);
  };
  return {
    schedule(value: T) {
      pending.current = value;
      frameId.current ||= requestAnimationFrame(flush);
    },
    flush,
    pending: () => pending.current,
  };
}
