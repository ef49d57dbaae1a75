/** Opening a page in a new tab from a click, and what to do when the browser refuses. */

type Opener = (url: string, target: string) => Window | null;

/**
 * Opens `url` in a new tab. Must run synchronously inside the click handler, or popup blockers
 * step in. Returns the tab, or null when it was blocked.
 */
export function openTab(url: string, open: Opener = (u, t) => window.open(u, t)): Window | null {
  const tab = open(url, '_blank');
  if (!tab) return null;
  try {
    // The tab goes on to another site (Stripe, the HD files' storage): it gets no handle on this page.
    tab.opener = null;
  } catch {
    // Some browsers make `opener` read-only; nothing to do then.
  }
  return tab;
}
