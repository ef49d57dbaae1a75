/**
 * When a prerendered page's app starts. The page works without it — its links are links, the phone
 * menu is a <details> disclosure, /upload's file input takes a photo — so the app (React, the router,
 * hydration: some 100 ms of main thread on a mid-range phone) starts when the visitor starts using
 * the page: the first tap, key, scroll, focus or mouse move. A visitor who does none of these gets
 * it once the page has loaded and sat idle for a while, so the header's sign-in state still shows.
 */

/** Events that show a person using the page. Listened to once, passively, on the document. */
export const FIRST_USE_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  'input',
  'change',
  'dragenter',
] as const;

/** How long a loaded page waits without being used before its app starts anyway. */
export const IDLE_START_MS = 4000;

/** The slice of the browser this needs: a document to listen on and the page's load and idle timers. */
export type UseSignals = {
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Calls back once the page has loaded (at once when it has). */
  onLoad: (callback: () => void) => void;
  /** Calls back after `ms`, at a moment the main thread is idle. */
  whenIdleAfter: (ms: number, callback: () => void) => void;
};

/** Runs `start` once: on the first sign of use, or once the loaded page has been left alone. */
export function onFirstUse(start: () => void, signals: UseSignals = browserSignals()): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_USE_EVENTS) signals.target.removeEventListener(type, startOnce, true);
    start();
  };
  for (const type of FIRST_USE_EVENTS) {
    // Capture: an event that a page element stops still counts. Passive: scrolling never waits.
    signals.target.addEventListener(type, startOnce, { capture: true, passive: true });
  }
  signals.onLoad(() => signals.whenIdleAfter(IDLE_START_MS, startOnce));
}

function browserSignals(): UseSignals {
  return {
    target: document,
    onLoad: (callback) => {
      if (document.readyState === 'complete') callback();
      else addEventListener('load', () => callback(), { once: true });
    },
    whenIdleAfter: (ms, callback) =>
      setTimeout(() => {
        // Safari has no requestIdleCallback before 18.
        if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 1000 });
        else callback();
      }, ms),
  };
}
