/** Sticky site header: logo, navigation, auth buttons, and a disclosure menu on small screens. */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button-styles';
import { features } from '../../config/features';
import { cn } from '../../lib/cn';
import { LogoMark } from './Logo';
import { NAV_ITEMS } from './nav-items';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-4 py-2 font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300',
    isActive ? 'bg-violet-100 text-violet-900' : 'text-slate-700 hover:bg-violet-50 hover:text-violet-900',
  );

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

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

        <nav aria-label="Main" className="mx-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 md:ml-0">
          {features.authButtons && features.signIn && (
            <Link to="/auth" className={buttonClasses('ghost', 'sm', 'hidden md:inline-flex')}>
              Login
            </Link>
          )}
          {features.authButtons && (
            <Link to="/upload" className={buttonClasses('primary', 'sm')}>
              Try Free
            </Link>
          )}
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-800 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300 md:hidden"
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
        className="border-t border-violet-100 bg-white px-3 pb-4 pt-2 shadow-lg md:hidden"
      >
        <ul className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={(state) => cn(navLinkClass(state), 'flex min-h-12 items-center text-lg')}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {features.authButtons && features.signIn && (
            <li>
              <NavLink
                to="/auth"
                className={(state) => cn(navLinkClass(state), 'flex min-h-12 items-center text-lg')}
              >
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
