/** Starts the browser app on #root: hydrates a prerendered page, or renders into the app shell's empty root. */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { startAuth } from '../lib/auth/auth-store';
import { App } from './App';

export function startApp(routes: RouteObject[]): void {
  const container = document.getElementById('root')!;
  const app = <App router={<RouterProvider router={createBrowserRouter(routes)} />} onReady={markReady} />;
  if (container.hasChildNodes()) {
    // A prerendered page is on screen already. As a transition, hydration works in short slices
    // and leaves the main thread free between them; a tap on a part not yet hydrated hydrates that
    // part at once and is handled as usual.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }

  // A returning parent's sign-in is confirmed after the first paint; visitors load nothing more.
  startAuth();
}

/** Taps and typing work from here on; the browser tests wait for it after opening a prerendered page. */
function markReady(): void {
  document.documentElement.dataset.ready = 'true';
}
