/**
 * Sticky site header: logo, navigation, auth buttons, and a disclosure menu below 1024 px (the
 * navigation no longer fits on one line there). Login shows in the bar from 768 px up (docs/product.md#login-in-the-phone-menu);
 * the deployer may hide it and the account buttons (lib/auth/auth-buttons.ts).
 * The menu is a <details> disclosure: it opens and closes before the app has started on a
 * prerendered page (app/boot/on-first-use.ts), and the app only closes it on navigation and Escape.
 */
import { Menu, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button-styles';
import { useAuthButtonsShown } from '../../lib/auth/auth-buttons';
import { useAuth } from '../../lib/auth/auth-store';
import { cn } from '../../lib/cn';
import { LogoMark } from './Logo';
import { ADMIN_NAV_ITEMS, NAV_ITEMS, SIGNED_IN_NAV_ITEMS } from './nav-items';
import { useSignOut } from './use-sign-out';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-full px-4 py-2 font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300',
    isActive ? 'bg-violet-100 text-violet-900' : 'text-slate-700 hover:bg-violet-50 hover:text-violet-900',
  );
const mobileLinkClass = (state: { isActive: boolean }) =>
  cn(navLinkClass(state), 'flex min-h-12 items-center text-lg');

export function Header() {
  const menu = useRef<HTMLDetailsElement>(null);
  const menuButton = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const auth = useAuth();
  const { signOut, pending } = useSignOut();
  const signedIn = auth.status === 'signedIn';
  // The deployer may hide Login and the account buttons (HIDE_AUTH_BUTTONS); the pages still open by URL.
  const authButtons = useAuthButtonsShown();
  const navItems = signedIn
    ? [...NAV_ITEMS, ...SIGNED_IN_NAV_ITEMS, ...(auth.user.isAdmin ? ADMIN_NAV_ITEMS : [])]
    : NAV_ITEMS;

  // A tap on a link navigates: close the menu behind it. (Not when the app starts: a menu opened
  // before then stays open.)
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menu.current?.open) {
        menu.current.open = false;
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <header className="sticky top-0 z-40 border-b border-violet-100 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <Link
          to="/"
          className="flex min-h-11 items-center gap-2 rounded-xl pr-2 font-extrabold tracking-tight text-slate-900 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300"
        >
          <LogoMark className="size-9 shrink-0" />
          <span className="whitespace-nowrap text-base sm:text-lg">Little Futures</span>
        </Link>

        <nav aria-label="Main" className="mx-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          {signedIn && authButtons && (
            <div className="hidden items-center gap-1 lg:flex">
              <span
                className="hidden max-w-48 truncate text-sm font-medium text-slate-700 xl:inline"
                title={auth.user.email}
              >
                {auth.user.email}
              </span>
              <button
                type="button"
                className={buttonClasses('ghost', 'sm')}
                disabled={pending}
                onClick={() => void signOut()}
              >
                Sign out
              </button>
            </div>
          )}
          {auth.status === 'signedOut' && authButtons && (
            <Link to="/auth" className={buttonClasses('ghost', 'sm', 'max-md:hidden')}>
              Login
            </Link>
          )}
          <Link to="/upload" className={buttonClasses('primary', 'sm')}>
            Try Free
          </Link>
          {/* The menu's button shows here, over this space; it belongs to the disclosure below. */}
          <span className="size-11 shrink-0 lg:hidden" aria-hidden="true" />
        </div>
      </div>

      {/* A visitor may have opened the menu before the app took over: `open` is the browser's. */}
      <details ref={menu} className="group/menu lg:hidden" suppressHydrationWarning>
        {/* Browsers expose a summary as a button, expanded or not (Chromium keeps the state with the
            role); the role says so to the tools that do not map <summary>, such as Playwright. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a <button> would need the app to open the menu. */}
        <summary
          ref={menuButton}
          role="button"
          className="absolute right-3 top-2.5 inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-full text-slate-800 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300 sm:right-4 [&::-webkit-details-marker]:hidden"
        >
          {/* The name follows the state with CSS alone: hidden text is no part of a name. */}
          <span className="sr-only group-open/menu:hidden">Open menu</span>
          <span className="sr-only hidden group-open/menu:inline">Close menu</span>
          {/* Like the name, the icon follows the state with CSS: menu while closed, × while open. */}
          <Menu className="size-6 group-open/menu:hidden" aria-hidden="true" />
          <X className="hidden size-6 group-open/menu:inline" aria-hidden="true" />
        </summary>

        <nav aria-label="Main" className="border-t border-violet-100 bg-white px-3 pb-4 pt-2 shadow-lg">
          <ul className="flex flex-col gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={mobileLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {auth.status === 'signedOut' && authButtons && (
              // From 768 px up, Login is in the bar already.
              <li className="md:hidden">
                <NavLink to="/auth" className={mobileLinkClass}>
                  Login
                </NavLink>
              </li>
            )}
          </ul>
          {signedIn && authButtons && (
            <div className="mt-2 flex items-center justify-between gap-3 border-t border-violet-100 px-4 pt-3">
              <p className="min-w-0 text-sm text-slate-700">
                Signed in as{' '}
                <span className="block truncate font-semibold text-slate-900">{auth.user.email}</span>
              </p>
              <button
                type="button"
                className={buttonClasses('outline', 'sm', 'shrink-0')}
                disabled={pending}
                onClick={() => void signOut()}
              >
                Sign out
              </button>
            </div>
          )}
        </nav>
      </details>
    </header>
  );
}
