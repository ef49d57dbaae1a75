/**
 * Ages 2, 5 and 19: bought ones appear here with the same cards as the main three; while some are
 * not bought and age HD is on sale (`offersMore`), a link leads to the upsell page that sells them.
 */
import type { RenderJobView } from '@shared/schemas/uploads';
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { moreAges } from '../results-page-rules';
import { AgeCard } from './AgeCard';

type MoreAgesProps = {
  uploadId: string;
  jobs: readonly RenderJobView[];
  retry?: ComponentProps<typeof AgeCard>['retry'];
  /** Age HD is on sale: link to the upsell page. */
  offersMore: boolean;
};

const linkClass =
  'inline-flex min-h-11 items-center gap-1 rounded-full px-2 font-semibold text-violet-800 underline underline-offset-4 hover:text-violet-950 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300';

export function MoreAges({ uploadId, jobs, retry, offersMore }: MoreAgesProps) {
  const { jobs: bought, offer: nextOffer } = moreAges(jobs);
  const offer = offersMore ? nextOffer : null;
  const query = `?uploadId=${encodeURIComponent(uploadId)}`;
  const offerLink = offer && (
    <Link to={offer.page === 'upsell' ? `/upsell${query}` : `/upsell/age-19${query}`} className={linkClass}>
      {offer.label}
      <span aria-hidden="true">→</span>
    </Link>
  );

  if (bought.length === 0) {
    if (!offerLink) return null;
    return (
      <aside
        aria-label="Other ages"
        className="mx-auto mt-8 flex max-w-3xl flex-col items-center gap-1 rounded-3xl border border-dashed border-violet-200 bg-white/70 px-5 py-5 text-center sm:flex-row sm:justify-between sm:text-left"
      >
        <p className="font-medium text-slate-800">Wonder how they looked as a toddler, or at 19?</p>
        {offerLink}
      </aside>
    );
  }

  return (
    <section aria-labelledby="more-ages-heading" className="mt-12">
      <h2
        id="more-ages-heading"
        className="text-center text-2xl font-extrabold tracking-tight text-slate-900"
      >
        More ages
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-3" aria-label="More age previews">
        {bought.map((job) => (
          <li key={job.age}>
            <AgeCard age={job.age} job={job} headingLevel={3} retry={retry} />
          </li>
        ))}
      </ul>
      {offerLink && <p className="mt-4 text-center">{offerLink}</p>}
    </section>
  );
}
