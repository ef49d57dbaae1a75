/**
 * /admin/*: first-admin setup open to any signed-in user; every other operator page behind the
 * admin guard, in the admin frame (the list: features/admin/admin-pages.ts).
 */
import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ADMIN_PAGES, type AdminSlug } from '../../features/admin/admin-pages';
import { AdminGuard } from '../../features/admin/guard/AdminGuard';
import { AdminLayout } from '../../features/admin/layout/AdminLayout';
import { NotFoundPage } from '../../features/not-found/NotFoundPage';
import { QueryProvider } from '../query-provider';

const GrantAdminPage = lazy(() =>
  import('../../features/admin/grant/GrantAdminPage').then((m) => ({ default: m.GrantAdminPage })),
);
// Each page loads on its own (the safe-area editor brings Konva). The record does not compile
// unless every page of the list has its module.
const PAGE_MODULES: Record<AdminSlug, () => Promise<ComponentType>> = {
  'template-editor': () =>
    import('../../features/admin/templates/TemplateEditorPage').then((m) => m.TemplateEditorPage),
  'template-seeder': () =>
    import('../../features/admin/templates/TemplateSeederPage').then((m) => m.TemplateSeederPage),
  'pack-manager': () => import('../../features/admin/packs/PackManagerPage').then((m) => m.PackManagerPage),
  'qa-checklist': () =>
    import('../../features/admin/checklists/QaChecklistPage').then((m) => m.QaChecklistPage),
  'production-checklist': () =>
    import('../../features/admin/checklists/ProductionChecklistPage').then((m) => m.ProductionChecklistPage),
  'reset-password': () =>
    import('../../features/admin/reset-password/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  'replicate-test': () =>
    import('../../features/admin/ai-tests/AgePreviewTestPage').then((m) => m.AgePreviewTestPage),
  'test-age-transform': () =>
    import('../../features/admin/ai-tests/AgeTransformTestPage').then((m) => m.AgeTransformTestPage),
  'hf-test': () =>
    import('../../features/admin/ai-tests/ScenePromptTestPage').then((m) => m.ScenePromptTestPage),
  'face-swap-test': () =>
    import('../../features/admin/ai-tests/FaceSwapTestPage').then((m) => m.FaceSwapTestPage),
};

// Built once: a lazy component made during render would load its page again on every render.
const GUARDED_PAGES = ADMIN_PAGES.map(({ slug }) => ({
  slug,
  Page: lazy(() => PAGE_MODULES[slug]().then((Page) => ({ default: Page }))),
}));

export function AdminRoute() {
  return (
    <QueryProvider>
      <Routes>
        <Route path="grant" element={<GrantAdminPage />} />
        {GUARDED_PAGES.map(({ slug, Page }) => (
          <Route
            key={slug}
            path={slug}
            element={
              <AdminGuard>
                <AdminLayout>
                  <Page />
                </AdminLayout>
              </AdminGuard>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </QueryProvider>
  );
}
