/**
 * Runs `start` once the browser has painted the page. A prerendered page shows itself without any
 * script, so its app loads after that first paint instead of competing with it for the line and the
 * main thread. A tab opened in the background runs no frames: its app starts when it is shown.
 */
export function afterFirstPaint(start: () => void): void {
  // A frame's callbacks run just before it is painted: one frame more, and the first one is on screen.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
}
