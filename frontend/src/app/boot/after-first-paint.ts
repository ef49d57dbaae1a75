/**
 * Runs `start` once the browser has shown the page. A prerendered page shows itself without any
 * script, so its app loads after that first paint instead of competing with it for the line and the
 * main thread.
 */
export function afterFirstPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  // Frames run only while the page is shown; their callbacks come just before the paint.
  const afterFrames = () =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startOnce, 0)));
  if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterFrames();
    return;
  }
  // The paint entry is written once the frame is on screen, which can be a while after its callbacks.
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    startOnce();
  }).observe({ type: 'paint', buffered: true });
  // A page hidden before its first paint never gets a paint entry: its frames start when it is shown.
  document.addEventListener('visibilitychange', afterFrames, { once: true });
}
