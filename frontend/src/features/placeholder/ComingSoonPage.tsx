/** Honest stand-in for pages that arrive in later releases: says so, and offers what works today. */
import { ButtonLink } from '../../components/ui/ButtonLink';

type ComingSoonPageProps = { title: string; body: string };

export function ComingSoonPage({ title, body }: ComingSoonPageProps) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-5xl" aria-hidden="true">
        🌱
      </p>
      <p className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">Coming soon</p>
      <h1 className="text-balance text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      <p className="text-pretty text-lg text-slate-700">{body}</p>
      <p className="text-slate-700">In the meantime, you can see your child's future for free.</p>
      <ButtonLink to="/upload" size="lg">
        Upload a photo
      </ButtonLink>
    </div>
  );
}
