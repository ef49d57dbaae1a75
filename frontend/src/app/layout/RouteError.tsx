/** Router fallback for errors thrown while rendering a page: a calm message, never a stack trace. */
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button-styles';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    // Developers still get the details in the console.
    console.error(error);
  }, [error]);

  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-5xl" aria-hidden="true">
        🧸
      </p>
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="text-slate-700">Something went wrong while showing this page. Your photos are safe.</p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* A full page load, so whatever broke starts fresh. */}
        <a href="/" className={buttonClasses('primary')}>
          Back to Home
        </a>
        <button type="button" className={buttonClasses('outline')} onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </div>
  );
}
