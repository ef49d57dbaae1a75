/// <reference lib="webworker" />
/**
 * The service worker (built into dist/site/sw.js by scripts/build/service-worker.ts, which fills in
 * the precache list). It makes the installed app open at once and offline: the app shell, the
 * prerendered pages and the assets are precached at install, and every page navigation is answered
 * from there. The API, the renders bucket's public images and other origins (presigned S3 URLs) are
 * never cached nor answered by it (navigation.ts). It also takes photos shared to the app
 * (share-target.ts). A new version waits until the page asks it to take over (start-service-worker.ts).
 */
import { clientsClaim } from 'workbox-core';
import {
  addRoute,
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precache,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { OFFLINE_PAGE, pageFileFor } from './navigation';
import {
  SHARE_TARGET_PATH,
  SHARED_PHOTO_CACHE,
  SHARED_PHOTO_FIELD,
  SHARED_PHOTO_KEY,
  SHARED_PHOTO_NAME_HEADER,
  SHARED_PHOTO_PAGE,
} from './share-target';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();
precache(self.__WB_MANIFEST);

/** The share target's POST: keep the photo for /upload, then send the parent there (303: a GET). */
async function receiveSharedPhoto(request: Request): Promise<Response> {
  await caches.delete(SHARED_PHOTO_CACHE);
  try {
    const photo = (await request.formData()).get(SHARED_PHOTO_FIELD);
    if (photo instanceof File) {
      const cache = await caches.open(SHARED_PHOTO_CACHE);
      await cache.put(
        SHARED_PHOTO_KEY,
        new Response(photo, {
          headers: {
            'content-type': photo.type || 'application/octet-stream',
            [SHARED_PHOTO_NAME_HEADER]: encodeURIComponent(photo.name),
          },
        }),
      );
    }
  } catch {
    // Not a form, or storage refused: the upload page opens without a photo, the picker works.
  }
  return Response.redirect(SHARED_PHOTO_PAGE, 303);
}
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
  ({ request }) => receiveSharedPhoto(request),
  'POST',
);

/** A page: its precached HTML at once; the network, then the offline page, if it is not precached. */
async function servePage(request: Request, file: string | null): Promise<Response> {
  const precached = file ? await matchPrecache(file) : undefined;
  if (precached) return precached;
  try {
    return await fetch(request);
  } catch {
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  }
}
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
  ({ request, url }) => servePage(request, pageFileFor(url.pathname)),
);

// Assets (scripts, styles, icons) from the precache; everything else is not the worker's business.
addRoute();
