/**
 * The app's side of the service worker (sw.ts): registers it, offers its updates and clears what a
 * share left behind. A new version waits until the parent chooses "Reload" in a toast, so an upload
 * in progress is never cut short, and a page is never left on an old version without saying so.
 */
import { toast } from 'sonner';
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_URL } from './register-service-worker';
import { isSharedPhotoPage, SHARED_PHOTO_CACHE } from './share-target';

export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A shared photo that /upload never took (the tab was closed first) does not stay in the browser.
  if (!isSharedPhotoPage(location.search)) void caches.delete(SHARED_PHOTO_CACHE).catch(() => undefined);

  const workbox = new Workbox(SERVICE_WORKER_URL);
  workbox.addEventListener('waiting', () => {
    toast('A new version is ready', {
      id: 'app-update',
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: 'Reload',
        onClick: () => {
          // Reload once the new worker controls the page, so it loads the new version's files.
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
    });
  });
  void workbox.register().catch(() => {
    // No worker (private mode, blocked storage): the site works as a plain website.
  });
}
