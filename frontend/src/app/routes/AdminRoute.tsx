/**
 * /admin/*: first-admin setup open to any signed-in user; every other operator page behind the
 * admin guard, in the admin frame. Each page loads on its own (the safe-area editor brings Konva).
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminGuard } from '../../features/admin/guard/AdminGuard';
import { AdminLayout } from '../../features/admin/layout/AdminLayout';
import { NotFoundPage } from '../../features/not-found/NotFoundPage';
import { QueryProvider } from '../query-provider';

const GrantAdminPage = lazy(() =>
  import('../../features/admin/grant/GrantAdminPage').then((m) => ({ default: m.GrantAdminPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../../features/admin/reset-password/ResetPasswordPage').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const QaChecklistPage = lazy(() =>
  import('../../features/admin/checklists/QaChecklistPage').then((m) => ({ default: m.QaChecklistPage })),
);
const ProductionChecklistPage = lazy(() =>
  import('../../features/admin/checklists/ProductionChecklistPage').then((m) => ({
    default: m.ProductionChecklistPage,
  })),
);
const TemplateEditorPage = lazy(() =>
  import('../../features/admin/templates/TemplateEditorPage').then((m) => ({
    default: m.TemplateEditorPage,
  })),
);
const TemplateSeederPage = lazy(() =>
  import('../../features/admin/templates/TemplateSeederPage').then((m) => ({
    default: m.TemplateSeederPage,
  })),
);

const PackManagerPage = lazy(() =>
  import('../../features/admin/packs/PackManagerPage').then((m) => ({ default: m.PackManagerPage })),
);

const AgePreviewTestPage = lazy(() =>
  import('../../features/admin/ai-tests/AgePreviewTestPage').then((m) => ({ default: m.AgePreviewTestPage })),
);
const AgeTransformTestPage = lazy(() =>
  import('../../features/admin/ai-tests/AgeTransformTestPage').then((m) => ({
    default: m.AgeTransformTestPage,
  })),
);
const ScenePromptTestPage = lazy(() =>
  import('../../features/admin/ai-tests/ScenePromptTestPage').then((m) => ({
    default: m.ScenePromptTestPage,
  })),
);
const FaceSwapTestPage = lazy(() =>
  import('../../features/admin/ai-tests/FaceSwapTestPage').then((m) => ({ default: m.FaceSwapTestPage })),
);

const GUARDED_PAGES = [
  { path: 'reset-password', Page: ResetPasswordPage },
  { path: 'qa-checklist', Page: QaChecklistPage },
  { path: 'production-checklist', Page: ProductionChecklistPage },
  { path: 'pack-manager', Page: PackManagerPage },
  { path: 'template-editor', Page: TemplateEditorPage },
  { path: 'template-seeder', Page: TemplateSeederPage },
  { path: 'replicate-test', Page: AgePreviewTestPage },
  { path: 'test-age-transform', Page: AgeTransformTestPage },
  { path: 'hf-test', Page: ScenePromptTestPage },
  { path: 'face-swap-test', Page: FaceSwapTestPage },
];

export function AdminRoute() {
  return (
    <QueryProvider>
      <Routes>
        <Route path="grant" element={<GrantAdminPage />} />
        {GUARDED_PAGES.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
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
