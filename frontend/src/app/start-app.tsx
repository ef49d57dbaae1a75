/** Starts the browser app on #root: hydrates a prerendered page, or renders into the app shell's empty root. */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { learnAuthButtons } from '../lib/auth/auth-buttons';
import { startAuth } from '../lib/auth/auth-session';
import { App } from './App';

export function startApp(routes: RouteObject[]): void {
  const container = document.getElementById('root')!;
  const app = <App router={<RouterProvider router={createBrowserRouter(routes)} />} onReady={markReady} />;
  if (container.hasChildNodes()) {
    // A prerendered page is on screen already: hydrate in a task of its own, and as a transition,
    // in short slices that leave the main thread free between them. A tap on a part not hydrated
    // yet hydrates that part at once and is handled as usual.
    setTimeout(() => startTransition(() => void hydrateRoot(container, app)), 0);
  } else {
    createRoot(container).render(app);
  }

  // A returning parent's sign-in is confirmed after the first paint; visitors load nothing more.
  startAuth();
  // Whether the header offers sign-in at all (the deployer may hide it).
  void learnAuthButtons();
  // The service worker, and a toast when a new version of the site is ready (pwa/start-service-worker.ts).
  void import('../pwa/start-service-worker').then(({ startServiceWorker }) => startServiceWorker());
}

/** Taps and typing work from here on; the browser tests wait for it after opening a prerendered page. */
function markReady(): void {
  document.documentElement.dataset.ready = 'true';
}
