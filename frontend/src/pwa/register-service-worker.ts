/**
 * Registers the service worker from a prerendered page's small loader (main-prerendered.tsx), once
 * the page has loaded: a visitor who never starts the app still gets the installable, offline site.
 * Nothing is imported here, so the loader stays small; the app offers updates (start-service-worker.ts).
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  // Only the production build has a worker (scripts/build/service-worker.ts); Vite's dev server has none.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      // No worker (private mode, blocked storage): the site works as a plain website.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
