import { ButtonLink } from '../../components/ui/ButtonLink';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <h1 className="text-7xl font-extrabold text-violet-700">404</h1>
      <p className="text-2xl font-bold text-slate-900">Oops! Page not found</p>
      <p className="text-slate-700">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" size="lg" className="mt-3">
        Return to Home
      </ButtonLink>
    </div>
  );
}
