export const NAV_ITEMS = [
  { to: '/', label: 'Home', end: true },
  { to: '/moments', label: 'Moments', end: true },
  { to: '/moments/drafts', label: 'My Drafts', end: true },
  { to: '/pricing', label: 'Pricing', end: true },
] as const;
