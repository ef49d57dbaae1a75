/** Router fallback for errors thrown while rendering a page: a calm message, never a stack trace. */
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button-styles';
import { PageMessage } from '../../components/ui/PageState';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    // Developers still get the details in the console.
    console.error(error);
  }, [error]);

  return (
    <PageMessage emoji="🧸" title="Unexpected Application Error!">
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
    </PageMessage>
  );
}
