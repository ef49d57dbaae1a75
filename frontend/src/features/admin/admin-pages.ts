/**
 * The guarded operator pages, in the order of the admin navigation. The admin routes (which give
 * each slug its page module), the admin navigation and the header's Admin link (the first page)
 * derive from this list; it holds no page module, so the header does not bundle them.
 */
export const ADMIN_PAGES = [
  { slug: 'template-editor', label: 'Templates' },
  { slug: 'template-seeder', label: 'Import' },
  { slug: 'pack-manager', label: 'Packs' },
  { slug: 'qa-checklist', label: 'QA checklist' },
  { slug: 'production-checklist', label: 'Go-live' },
  { slug: 'reset-password', label: 'Password reset' },
  { slug: 'replicate-test', label: 'Age test' },
  { slug: 'test-age-transform', label: 'Age 16 test' },
  { slug: 'hf-test', label: 'Scene prompts' },
  { slug: 'face-swap-test', label: 'Face swap' },
] as const;

export type AdminSlug = (typeof ADMIN_PAGES)[number]['slug'];

export const adminPath = (slug: AdminSlug) => `/admin/${slug}`;
