/** /moments: the template library, newest first, filtered by theme (the chip is kept in the URL). */
import { CREDIT_PRICES } from '@shared/catalog';
import { MOMENT_THEMES, type MomentTheme } from '@shared/templates';
import { Link, useSearchParams } from 'react-router-dom';
import { TemplateCard } from '../../../components/keepsake/TemplateCard';
import {
  NoTemplates,
  TEMPLATE_GRID,
  TemplatesLoadFailed,
  TemplatesLoading,
} from '../../../components/keepsake/TemplateGrid';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { useAuth } from '../../../lib/auth/auth-store';
import { useTemplateLibrary } from '../../../lib/template-library';
import { useSharedPhotoFlow } from '../../../pwa/use-shared-photo-flow';
import { ThemeChips } from './ThemeChips';

const isTheme = (value: string | null): value is MomentTheme =>
  value !== null && (MOMENT_THEMES as readonly string[]).includes(value);

export function MomentsGalleryPage() {
  const [params, setParams] = useSearchParams();
  const theme = isTheme(params.get('theme')) ? (params.get('theme') as MomentTheme) : null;
  const signedIn = useAuth().status === 'signedIn';
  // From /upload with a photo shared to the app: the flag follows to the editor, which takes the photo.
  const shared = useSharedPhotoFlow();
  const choose = (next: MomentTheme | null) =>
    setParams(
      { ...(next && { theme: next }), ...(shared && { shared: '1' }) },
      {
        replace: true,
        preventScrollReset: true,
      },
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Moments</h1>
          <p className="mt-2 max-w-2xl text-slate-700">
            Pick a scene, add a photo of your child, and we cut them out and place them in it. It takes a
            minute. Free with a watermark, or HD for {CREDIT_PRICES.hd_keepsake} credit.
          </p>
        </div>
        {signedIn && (
          <ButtonLink to="/moments/drafts" variant="secondary">
            My Drafts
          </ButtonLink>
        )}
      </header>
      {shared && (
        <p role="status" className="mt-4 font-medium text-violet-800">
          Pick a scene for the photo you shared.
        </p>
      )}
      <ThemeChips value={theme} onChange={choose} />
      <Templates theme={theme} shared={shared} />
    </div>
  );
}

/** The cards under the chips: a skeleton while the library loads, a retry if it fails. */
function Templates({ theme, shared }: { theme: MomentTheme | null; shared: boolean }) {
  const query = useTemplateLibrary('moments');
  if (query.isPending) return <TemplatesLoading cardShaped />;
  if (query.isError) return <TemplatesLoadFailed onRetry={() => query.refetch()} />;
  const shown = query.data.templates.filter((t) => theme === null || t.theme === theme);
  if (shown.length === 0) {
    return (
      <NoTemplates
        title={theme ? `No ${theme} templates yet` : 'No templates yet'}
        hint="New scenes arrive often. Meanwhile, try another theme."
      >
        {theme && (
          <Link
            className="mt-4 inline-block font-semibold text-violet-700 underline"
            to={shared ? '/moments?shared=1' : '/moments'}
          >
            Show all templates
          </Link>
        )}
      </NoTemplates>
    );
  }
  return (
    <ul className={TEMPLATE_GRID}>
      {shown.map((template, index) => (
        <li key={template.templateId}>
          <TemplateCard
            template={template}
            to={`/moments/editor/${template.templateId}${shared ? '?shared=1' : ''}`}
            eager={index < 4}
            details={template.category}
            badge={`${CREDIT_PRICES.hd_keepsake} Credit`}
            frame="square"
          />
        </li>
      ))}
    </ul>
  );
}
