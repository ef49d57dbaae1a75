import { Badge } from '../../../components/ui/Badge';
import { ButtonLink } from '../../../components/ui/ButtonLink';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-violet-50 via-rose-50 to-[#fffaf7]">
      <div className="mx-auto max-w-4xl px-4 pb-10 pt-12 text-center sm:pt-20">
        <ul
          className="mb-6 flex flex-wrap items-center justify-center gap-2"
          aria-label="Why parents choose us"
        >
          <li>
            <Badge tone="rose">
              <span aria-hidden="true">❤</span> Loved by thousands of parents
            </Badge>
          </li>
          <li>
            <Badge tone="violet">
              <span aria-hidden="true">✓</span> No app download required
            </Badge>
          </li>
        </ul>
        <h1 className="text-balance text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-6xl">
          Treasure every <span className="text-violet-700">precious moment</span> of your little one
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-pretty text-lg text-slate-700 sm:text-xl">
          From pregnancy to first steps and beyond: turn your child's photos into keepsakes with 1000's of
          templates, artwork, collages and fonts — and get a free peek at who they might grow up to be.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/moments" size="lg">
            Browse Templates
          </ButtonLink>
          <ButtonLink to="/pricing" size="lg" variant="outline">
            View Pricing
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
