/** /moments: the template library, newest first, filtered by theme (the chip is kept in the URL). */
import { HD_COMPOSITION_CREDITS, MOMENT_THEMES, type MomentTheme } from '@shared/templates';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { useAuth } from '../../../lib/auth/auth-store';
import { useTemplates } from '../moments-queries';
import { TemplateCard, TemplateCardSkeleton } from './TemplateCard';
import { ThemeChips } from './ThemeChips';

const isTheme = (value: string | null): value is MomentTheme =>
  value !== null && (MOMENT_THEMES as readonly string[]).includes(value);

const GRID = 'mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4';
const SKELETON_CARDS = 8;

export function MomentsGalleryPage() {
  const [params, setParams] = useSearchParams();
  const theme = isTheme(params.get('theme')) ? (params.get('theme') as MomentTheme) : null;
  const signedIn = useAuth().status === 'signedIn';
  const choose = (next: MomentTheme | null) =>
    setParams(next ? { theme: next } : {}, { replace: true, preventScrollReset: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Moments</h1>
          <p className="mt-2 max-w-2xl text-slate-700">
            Pick a scene, add a photo of your child, and we cut them out and place them in it. It takes a
            minute. Free with a watermark, or HD for {HD_COMPOSITION_CREDITS} credit.
          </p>
        </div>
        {signedIn && (
          <ButtonLink to="/moments/drafts" variant="secondary">
            My Drafts
          </ButtonLink>
        )}
      </header>
      <ThemeChips value={theme} onChange={choose} />
      <Templates theme={theme} />
    </div>
  );
}

/** The cards under the chips: a skeleton while the library loads, a retry if it fails. */
function Templates({ theme }: { theme: MomentTheme | null }) {
  const query = useTemplates();
  if (query.isPending) {
    return (
      <ul className={GRID} aria-busy="true" aria-label="Loading templates">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={i}>
            <TemplateCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="mt-10 rounded-3xl border border-rose-200 bg-rose-50 p-10 text-center">
        <p className="text-lg font-semibold text-slate-900">We could not load the templates</p>
        <p className="mt-1 text-slate-700">Check your connection and try again.</p>
        <Button className="mt-4" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const shown = query.data.templates.filter((t) => theme === null || t.theme === theme);
  if (shown.length === 0) {
    return (
      <div className="mt-10 rounded-3xl border border-dashed border-violet-200 p-10 text-center">
        <p className="text-lg font-semibold text-slate-900">
          {theme ? `No ${theme} templates yet` : 'No templates yet'}
        </p>
        <p className="mt-1 text-slate-700">New scenes arrive often. Meanwhile, try another theme.</p>
        {theme && (
          <Link className="mt-4 inline-block font-semibold text-violet-700 underline" to="/moments">
            Show all templates
          </Link>
        )}
      </div>
    );
  }
  return (
    <ul className={GRID}>
      {shown.map((template, index) => (
        <li key={template.templateId}>
          <TemplateCard template={template} eager={index < 4} />
        </li>
      ))}
    </ul>
  );
}
