/**
 * /offspring-composer: the step wizard (docs/product.md#composer-wizard) — 1 Choose background, 2 Upload the child photo,
 * 4 Position and adjust, 6 Result. A template id in the URL starts at step 2; a photo from /upload
 * (uploadId or tempUploadId) goes straight to background removal.
 */
import { messages } from '@shared/messages';
import { isUuid } from '@shared/rules/ids';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { PageLoading } from '../../../components/ui/PageState';
import { useLibraryTemplate } from '../../../lib/template-library';
import { ComposerWizard } from './ComposerWizard';
import { StepList } from './StepList';

export function ComposerPage() {
  const [params] = useSearchParams();
  const templateId = params.get('templateId');
  const photo = uploadFromParams(params);
  const query = useLibraryTemplate('composer', templateId && isUuid(templateId) ? templateId : null);
  const unavailable =
    templateId !== null &&
    (!isUuid(templateId) || query.isError || (query.data !== undefined && query.data.status !== 'approved'));

  useEffect(() => {
    if (unavailable) toast.error(messages.composerTemplateUnavailable, { id: 'composer-template' });
  }, [unavailable]);

  const gallery = `/offspring-gallery${photo ? `?${photo.param}=${encodeURIComponent(photo.id)}` : ''}`;
  if (unavailable) return <Navigate to={gallery} replace />;
  if (templateId === null) return <ChooseBackground gallery={gallery} />;
  if (!query.data) return <PageLoading label="Loading the background" />;
  return <ComposerWizard key={templateId} template={query.data} fromUpload={photo?.id ?? null} />;
}

function uploadFromParams(
  params: URLSearchParams,
): { param: 'uploadId' | 'tempUploadId'; id: string } | null {
  for (const param of ['uploadId', 'tempUploadId'] as const) {
    const id = params.get(param);
    if (id && isUuid(id)) return { param, id };
  }
  return null;
}

function ChooseBackground({ gallery }: { gallery: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Create a keepsake</h1>
      <StepList current={1} />
      <section className="mt-6 rounded-3xl border border-violet-100 bg-white p-6 text-center shadow-sm sm:p-10">
        <h2 className="text-xl font-bold text-slate-900">Choose background</h2>
        <p className="mx-auto mt-2 max-w-md text-slate-700">
          Start with a scene: birthdays, holidays, fantasy worlds and more. Your child's photo comes next.
        </p>
        <ButtonLink to={gallery} className="mt-6">
          Choose background
        </ButtonLink>
      </section>
    </div>
  );
}
