/** The progress bar's clock (docs/product.md#progress-page): +10 every 0.8 s up to 90, 100 when done, forced done after 120 s. */
import {
  PROGRESS_CAP,
  PROGRESS_STEP,
  PROGRESS_STEP_MS,
  PROGRESS_TIMEOUT_MS,
  progressValue,
} from '@shared/rules/progress';
import { useEffect, useState } from 'react';

const MAX_TICKS = PROGRESS_CAP / PROGRESS_STEP;

export function useProgressBar(complete: boolean) {
  const [ticks, setTicks] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const done = complete || timedOut;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setTicks((t) => Math.min(MAX_TICKS, t + 1)), PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, [done]);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), PROGRESS_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  return { value: progressValue(ticks, done), done, timedOut };
}
