/**
 * Shown instead of the HD offers where age HD is not on sale (the offline engine with live payments):
 * the previews are a simulation, not a prediction, and Moments is what there is to make instead.
 */
import { messages } from '@shared/messages';
import { cn } from '../../lib/cn';
import { ButtonLink } from '../ui/ButtonLink';

type AgeHdNotForSaleProps = {
  /** h1 where it is the page's subject (the upsell pages), else a section of the page. */
  heading?: 'h1' | 'h2';
  className?: string;
};

export function AgeHdNotForSale({ heading: Heading = 'h2', className }: AgeHdNotForSaleProps) {
  return (
    <section
      aria-labelledby="age-hd-not-for-sale"
      className={cn(
        'mx-auto flex max-w-3xl flex-col items-center gap-3 rounded-3xl border border-violet-100 bg-violet-50/60 p-5 text-center sm:p-8',
        className,
      )}
    >
      <Heading
        id="age-hd-not-for-sale"
        className="text-balance text-2xl font-extrabold tracking-tight text-slate-900"
      >
        {messages.ageHdSimulationTitle}
      </Heading>
      <p className="max-w-xl text-slate-700">{messages.ageHdNotForSale}</p>
      <p className="max-w-xl text-slate-700">{messages.momentsInstead}</p>
      <ButtonLink to="/moments" className="mt-1">
        Make a keepsake in Moments
      </ButtonLink>
    </section>
  );
}
