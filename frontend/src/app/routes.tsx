/**
 * The route table of the browser app. Every page but the landing page loads on demand, except where
 * a prerendered page's entry (main-prerendered.tsx) passes its page in already loaded: then
 * hydration never waits for a chunk.
 */
import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LandingPage } from '../features/landing/LandingPage';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './layout/RouteError';

const PricingPage = lazy(() =>
  import('../features/pricing/PricingPage').then((m) => ({ default: m.PricingPage })),
);
const UploadRoute = lazy(() => import('./routes/UploadRoute').then((m) => ({ default: m.UploadRoute })));
const ProgressRoute = lazy(() =>
  import('./routes/ProgressRoute').then((m) => ({ default: m.ProgressRoute })),
);
const ResultRoute = lazy(() => import('./routes/ResultRoute').then((m) => ({ default: m.ResultRoute })));
const NotFoundPage = lazy(() =>
  import('../features/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const AuthPage = lazy(() => import('../features/auth/AuthPage').then((m) => ({ default: m.AuthPage })));
const MyPhotosRoute = lazy(() =>
  import('./routes/MyPhotosRoute').then((m) => ({ default: m.MyPhotosRoute })),
);
const CheckoutPage = lazy(() =>
  import('../features/checkout/CheckoutPage').then((m) => ({ default: m.CheckoutPage })),
);
const UpsellRoute = lazy(() => import('./routes/UpsellRoute').then((m) => ({ default: m.UpsellRoute })));
// The editor's canvas library (Konva) loads only with the editor.
const MomentsGalleryRoute = lazy(() =>
  import('./routes/MomentsGalleryRoute').then((m) => ({ default: m.MomentsGalleryRoute })),
);
const MomentsEditorRoute = lazy(() =>
  import('./routes/MomentsEditorRoute').then((m) => ({ default: m.MomentsEditorRoute })),
);
const MyDraftsRoute = lazy(() =>
  import('./routes/MyDraftsRoute').then((m) => ({ default: m.MyDraftsRoute })),
);
// The composer's canvas library (Konva) loads only with the composer.
const ComposerRoute = lazy(() =>
  import('./routes/ComposerRoute').then((m) => ({ default: m.ComposerRoute })),
);
const ComposerGalleryRoute = lazy(() =>
  import('./routes/ComposerGalleryRoute').then((m) => ({ default: m.ComposerGalleryRoute })),
);
const AdminRoute = lazy(() => import('./routes/AdminRoute').then((m) => ({ default: m.AdminRoute })));

/** Pages a prerendered page's entry brings along instead of loading them on demand. */
export type LoadedPages = { PricingPage?: ComponentType; UploadRoute?: ComponentType };

export function createRoutes(loaded: LoadedPages = {}): RouteObject[] {
  const Pricing = loaded.PricingPage ?? PricingPage;
  const Upload = loaded.UploadRoute ?? UploadRoute;
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          // Page errors render inside the layout, so the header stays usable.
          errorElement: <RouteError />,
          children: [
            { index: true, element: <LandingPage /> },
            { path: 'pricing', element: <Pricing /> },
            { path: 'upload', element: <Upload /> },
            { path: 'progress', element: <ProgressRoute /> },
            { path: 'result/:uploadId', element: <ResultRoute /> },
            { path: 'moments', element: <MomentsGalleryRoute /> },
            { path: 'moments/editor/:templateId', element: <MomentsEditorRoute /> },
            { path: 'moments/drafts', element: <MyDraftsRoute /> },
            { path: 'offspring-gallery', element: <ComposerGalleryRoute /> },
            { path: 'offspring-composer', element: <ComposerRoute /> },
            { path: 'auth', element: <AuthPage /> },
            { path: 'my-photos', element: <MyPhotosRoute /> },
            { path: 'checkout', element: <CheckoutPage /> },
            { path: 'upsell', element: <UpsellRoute offer="future" /> },
            { path: 'upsell/age-19', element: <UpsellRoute offer="age-19" /> },
            { path: 'admin/*', element: <AdminRoute /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
