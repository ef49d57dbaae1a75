/** /moments/editor/{templateId}: upload, background removal, placing the child, generating. */
import { messages } from '@shared/messages';
import { isUuid } from '@shared/rules/ids';
import { INITIAL_MOMENTS_PLACEMENT } from '@shared/rules/placement';
import type { CutoutView, DraftView, TemplateView } from '@shared/schemas/moments';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { PageLoading, PageMessage } from '../../../components/ui/PageState';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-store';
import { useLoadedImage } from '../../../lib/use-loaded-image';
import { useTemplate } from '../moments-queries';
import { clearResumeDraft, readResumeDraft } from '../resume-draft';
import { GeneratePanel } from './GeneratePanel';
import { type EditorState, KeepsakeStage, type Tool } from './KeepsakeStage';
import { PhotoPicker } from './PhotoPicker';
import { PlacementSliders, ToolBar } from './PlacementControls';
import { ResumeDraftDialog } from './ResumeDraftDialog';
import { useDraft } from './use-draft';
import { useEditHistory } from './use-edit-history';
import { useEditorKeys } from './use-editor-keys';
import { NotAnImageError, useKeepsakePhoto } from './use-keepsake-photo';

function TemplateNotFound() {
  return (
    <PageMessage emoji="🔍" title={messages.templateNotFound}>
      <p className="text-slate-700">
        This scene may have been retired. There are plenty more to choose from.
      </p>
      <ButtonLink to="/moments">Browse templates</ButtonLink>
    </PageMessage>
  );
}

export function MomentsEditorPage() {
  const { templateId = '' } = useParams();
  const valid = isUuid(templateId);
  const query = useTemplate(valid ? templateId : '00000000-0000-4000-8000-000000000000');
  if (!valid) return <TemplateNotFound />;
  if (query.isPending) return <PageLoading label="Loading the template" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <TemplateNotFound />;
    return (
      <PageMessage emoji="🖼️" title="We could not load this template" role="alert">
        <Button onClick={() => query.refetch()}>Try again</Button>
      </PageMessage>
    );
  }
  return <Editor key={templateId} template={query.data} />;
}

const INITIAL_STATE: EditorState = { placement: INITIAL_MOMENTS_PLACEMENT, strokes: [] };

function Editor({ template }: { template: TemplateView }) {
  const signedIn = useAuth().status === 'signedIn';
  const photo = useKeepsakePhoto();
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [cutout, setCutout] = useState<CutoutView | null>(null);
  const history = useEditHistory<EditorState>(INITIAL_STATE);
  const [tool, setTool] = useState<Tool>('move');
  const [brush, setBrush] = useState(18);
  const [offer, setOffer] = useState<DraftView | null>(() => readResumeDraft(template.templateId));
  const background = useLoadedImage(template.imageUrl);
  const cutoutImage = useLoadedImage(cutout?.cutoutUrl);
  const sourceImage = useLoadedImage(cutout?.sourceUrl);
  const { placement, strokes } = history.present;
  const draft = useDraft({ templateId: template.templateId, uploadId, placement, strokes }, signedIn);
  const onCanvasKey = useEditorKeys(history);

  const removeBackground = async (id: string) => {
    try {
      setCutout(await photo.cutout.mutateAsync(id));
      toast.success(messages.backgroundRemoved);
      return true;
    } catch (error) {
      toast.error(messages.backgroundRemovalFailed, { description: errorMessage(error, '') || undefined });
      return false;
    }
  };

  const choosePhoto = async (file: File) => {
    let id: string;
    try {
      id = await photo.upload.mutateAsync(file);
    } catch (error) {
      toast.error(
        error instanceof NotAnImageError
          ? messages.uploadAnImage
          : errorMessage(error, messages.uploadFailed),
      );
      return;
    }
    setUploadId(id);
    setCutout(null);
    draft.setDraft(null);
    history.reset(INITIAL_STATE);
    await removeBackground(id);
  };

  // Stable for the memoised picker: dragging re-renders the page many times a second.
  const latestChoosePhoto = useRef(choosePhoto);
  latestChoosePhoto.current = choosePhoto;
  const onFile = useCallback((file: File) => latestChoosePhoto.current(file), []);

  const resume = async (offered: DraftView) => {
    setOffer(null);
    setUploadId(offered.uploadId);
    draft.setDraft({ draftId: offered.draftId, name: offered.name });
    history.reset({ placement: offered.placement, strokes: offered.strokes });
    if (await removeBackground(offered.uploadId)) toast.success(messages.draftResumed);
  };

  const ready = useMemo(
    () => (uploadId && cutout ? { templateId: template.templateId, uploadId, placement, strokes } : null),
    [uploadId, cutout, template.templateId, placement, strokes],
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <nav className="text-sm">
        <Link to="/moments" className="font-semibold text-violet-700 underline-offset-2 hover:underline">
          ← All templates
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
        {template.sceneName}
      </h1>
      <p className="text-slate-700">{template.category}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,800px)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-3">
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: an application region: arrow keys nudge the child
            tabIndex={0}
            role="application"
            aria-label="Keepsake canvas: drag the child, or use the arrow keys (Shift moves further)"
            onKeyDown={onCanvasKey}
            className="rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          >
            <KeepsakeStage
              background={background.image}
              cutout={cutoutImage.image}
              source={sourceImage.image}
              state={history.present}
              tool={tool}
              brushPx={brush}
              onPreview={history.preview}
              onCommit={history.commit}
            />
          </div>
          <PhotoPicker
            stage={photo.stage}
            percent={photo.percent}
            hasPhoto={Boolean(cutout)}
            onFile={onFile}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <ToolBar
            tool={tool}
            onTool={setTool}
            brush={brush}
            onBrush={setBrush}
            canUndo={history.canUndo}
            canRedo={history.canRedo}
            onUndo={history.undo}
            onRedo={history.redo}
          />
          <PlacementSliders
            placement={placement}
            onPreview={(next) => history.preview({ placement: next, strokes })}
            onCommit={history.commit}
          />
          {signedIn ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {draft.draft
                ? `Saved as “${draft.draft.name}”`
                : 'Your work saves as a draft once your photo is in.'}
              <Button size="sm" variant="ghost" onClick={draft.duplicate}>
                Duplicate
              </Button>
              <Link to="/moments/drafts" className="font-semibold text-violet-700 underline">
                My Drafts
              </Link>
            </p>
          ) : (
            <p className="text-sm text-slate-700">Sign in to keep your work as a draft.</p>
          )}
          <GeneratePanel request={ready} />
        </div>
      </div>
      <ResumeDraftDialog
        draft={signedIn ? offer : null}
        onResume={resume}
        onStartFresh={() => {
          clearResumeDraft();
          setOffer(null);
        }}
      />
    </div>
  );
}
