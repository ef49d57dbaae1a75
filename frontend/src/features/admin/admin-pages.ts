/** The guarded operator pages, in the order of the admin navigation. */
export const ADMIN_PAGES = [
  { path: '/admin/template-editor', label: 'Templates' },
  { path: '/admin/template-seeder', label: 'Import' },
  { path: '/admin/pack-manager', label: 'Packs' },
  { path: '/admin/qa-checklist', label: 'QA checklist' },
  { path: '/admin/production-checklist', label: 'Go-live' },
  { path: '/admin/reset-password', label: 'Password reset' },
  { path: '/admin/replicate-test', label: 'Age test' },
  { path: '/admin/test-age-transform', label: 'Age 16 test' },
  { path: '/admin/hf-test', label: 'Scene prompts' },
  { path: '/admin/face-swap-test', label: 'Face swap' },
] as const;
