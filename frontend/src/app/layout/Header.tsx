/**
 * Sticky site header: logo, navigation, auth buttons, and a disclosure menu below 1024 px (the
 * navigation no longer fits on one line there). Login shows in the bar from 768 px up (spec §2).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button-styles';
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
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const auth = useAuth();
  const { signOut, pending } = useSignOut();
  const signedIn = auth.status === 'signedIn';
  const navItems = signedIn
    ? [...NAV_ITEMS, ...SIGNED_IN_NAV_ITEMS, ...(auth.user.isAdmin ? ADMIN_NAV_ITEMS : [])]
    : NAV_ITEMS;

  // A tap on a link navigates: close the menu behind it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

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
          {signedIn && (
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
          {auth.status === 'signedOut' && (
            <Link to="/auth" className={buttonClasses('ghost', 'sm', 'max-md:hidden')}>
              Login
            </Link>
          )}
          <Link to="/upload" className={buttonClasses('primary', 'sm')}>
            Try Free
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-800 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Main"
        hidden={!menuOpen}
        className="border-t border-violet-100 bg-white px-3 pb-4 pt-2 shadow-lg lg:hidden"
      >
        <ul className="flex flex-col gap-1">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={mobileLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {auth.status === 'signedOut' && (
            // From 768 px up, Login is in the bar already.
            <li className="md:hidden">
              <NavLink to="/auth" className={mobileLinkClass}>
                Login
              </NavLink>
            </li>
          )}
        </ul>
        {signedIn && (
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
    </header>
  );
}
