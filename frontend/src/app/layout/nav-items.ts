import { ADMIN_PAGES, adminPath } from '../../features/admin/admin-pages';

export const NAV_ITEMS = [
  { to: '/', label: 'Home', end: true },
  { to: '/moments', label: 'Moments', end: true },
  { to: '/moments/drafts', label: 'My Drafts', end: true },
  { to: '/pricing', label: 'Pricing', end: true },
] as const;

/** Shown in the navigation only while a parent is signed in. */
export const SIGNED_IN_NAV_ITEMS = [{ to: '/my-photos', label: 'My photos', end: true }] as const;

/** Shown only to admins (the ID token names the group; the pages ask the server again). */
export const ADMIN_NAV_ITEMS = [{ to: adminPath(ADMIN_PAGES[0].slug), label: 'Admin', end: false }] as const;
