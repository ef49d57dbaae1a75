/** The frame of the operator pages: their own navigation (scrolls sideways on phones), then the page. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { cn } from '../../../lib/cn';
import { ADMIN_PAGES, adminPath } from '../admin-pages';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300',
    isActive ? 'bg-slate-900 text-white' : 'bg-white text-slate-700 hover:bg-violet-50 hover:text-violet-900',
  );

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-4">
      <nav aria-label="Admin" className="-mx-3 mb-6 overflow-x-auto px-3 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 rounded-full bg-slate-100 p-1.5 sm:w-fit lg:flex-wrap lg:rounded-3xl">
          {ADMIN_PAGES.map((page) => (
            <li key={page.slug}>
              <NavLink to={adminPath(page.slug)} className={linkClass}>
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
