import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="border-t border-violet-100 bg-white/60">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row">
        {/* Prerendered pages carry the build's year: a page built before New Year is no hydration error. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} Little Futures · Made for parents, with love
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link
            className="rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-violet-500"
            to="/pricing"
          >
            Pricing
          </Link>
          <Link
            className="rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-violet-500"
            to="/upload"
          >
            Try Free
          </Link>
        </nav>
      </div>
    </footer>
  );
}
