/** /moments/editor/{templateId}: upload, background removal, placing the child, generating. */
import { messages } from '@shared/messages';
import { isUuid } from '@shared/rules/ids';
import { DEFAULT_MOMENTS_BLEND, INITIAL_MOMENTS_PLACEMENT } from '@shared/rules/placement';
import type { CutoutView, DraftView, TemplateView } from '@shared/schemas/moments';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CanvasRegion, EditorColumns, EditorPage } from '../../../components/keepsake/EditorLayout';
import { PhotoPicker } from '../../../components/keepsake/PhotoPicker';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { PageLoading, PageMessage } from '../../../components/ui/PageState';
import { ApiError, serverReason } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-store';
import { useLibraryTemplate } from '../../../lib/template-library';
import { needsConversion, toUploadablePhoto } from '../../../lib/uploadable-photo';
import { useLoadedImage } from '../../../lib/use-loaded-image';
import { PhotoCheckError, usePhotoCutout } from '../../../lib/use-photo-cutout';
import { isSharedPhotoPage } from '../../../pwa/share-target';
import { useSharedPhotoStep } from '../../../pwa/use-shared-photo-flow';
import { clearResumeDraft, readResumeDraft } from '../resume-draft';
import { BlendControls } from './BlendControls';
import { GeneratePanel } from './GeneratePanel';
import { type EditorState, KeepsakeStage, type Tool } from './KeepsakeStage';
import { PlacementSliders, ToolBar } from './PlacementControls';
import { ResumeDraftDialog } from './ResumeDraftDialog';
import { useDraft } from './use-draft';
import { useEditHistory } from './use-edit-history';
import { useEditorKeys } from './use-editor-keys';
import { useGroundStart } from './use-ground-start';

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
  const query = useLibraryTemplate('moments', valid ? templateId : '00000000-0000-4000-8000-000000000000');
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

const INITIAL_STATE: EditorState = {
  placement: INITIAL_MOMENTS_PLACEMENT,
  strokes: [],
  blend: DEFAULT_MOMENTS_BLEND,
};

/**
 * Any image goes up as a keepsake photo (a HEIC decoded, a GIF's first frame redrawn, as on /upload);
 * the server checks it as it checks an age-preview photo.
 */
const PHOTO = {
  purpose: 'keepsake',
  async prepare(chosen: File, onConverting: () => void) {
    // The editor's own wording for a file that is no image (a HEIC may come without a type).
    if (!chosen.type.startsWith('image/') && !needsConversion(chosen))
      throw new PhotoCheckError(messages.uploadAnImage);
    if (needsConversion(chosen)) onConverting();
    const photo = await toUploadablePhoto(chosen);
    if (!photo.ok) throw new PhotoCheckError(photo.message);
    return photo.file;
  },
} as const;
const PICKER = {
  chooseLabel: 'Choose a photo',
  accept: 'image/*',
  intro: 'Add a photo of your child. We remove the background and place them in the scene.',
};

function Editor({ template }: { template: TemplateView }) {
  const signedIn = useAuth().status === 'signedIn';
  const photo = usePhotoCutout(PHOTO);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [cutout, setCutout] = useState<CutoutView | null>(null);
  const history = useEditHistory<EditorState>(INITIAL_STATE);
  const [tool, setTool] = useState<Tool>('move');
  const [brush, setBrush] = useState(18);
  // A parent who shared a photo to the app came to use that photo: no draft is offered over it
  // (the draft stays stored, offered next time).
  const openedFromShare = isSharedPhotoPage(useLocation().search);
  const [offer, setOffer] = useState<DraftView | null>(() =>
    openedFromShare ? null : readResumeDraft(template.templateId),
  );
  // The drawing reads pixels back (the cut-out's profile, the scene's light): CORS mode.
  const background = useLoadedImage(template.imageUrl, { readPixels: true });
  const cutoutImage = useLoadedImage(cutout?.cutoutUrl, { readPixels: true });
  const sourceImage = useLoadedImage(cutout?.sourceUrl, { readPixels: true });
  const { placement, strokes, blend } = history.present;
  const draft = useDraft({ templateId: template.templateId, uploadId, placement, strokes, blend }, signedIn);
  const onCanvasKey = useEditorKeys(history);
  const groundStart = useGroundStart(template, cutoutImage.image, history);

  const removeBackground = async (id: string) => {
    try {
      setCutout(await photo.cutout.mutateAsync(id));
      toast.success(messages.backgroundRemoved);
      return true;
    } catch (error) {
      toast.error(messages.backgroundRemovalFailed, { description: serverReason(error) });
      return false;
    }
  };

  const choosePhoto = async (file: File) => {
    const id = await photo.send(file);
    if (!id) return;
    setUploadId(id);
    setCutout(null);
    draft.setDraft(null);
    history.reset(INITIAL_STATE);
    groundStart.placeOnGround();
    await removeBackground(id);
  };

  // Stable for the memoised picker: dragging re-renders the page many times a second.
  const latestChoosePhoto = useRef(choosePhoto);
  latestChoosePhoto.current = choosePhoto;
  const onFile = useCallback((file: File) => latestChoosePhoto.current(file), []);
  // /moments/editor/{id}?shared=1: a photo shared to the app goes through the same photo step.
  useSharedPhotoStep(onFile);

  const resume = async (offered: DraftView) => {
    setOffer(null);
    groundStart.keepPlacement();
    setUploadId(offered.uploadId);
    draft.setDraft({ draftId: offered.draftId, name: offered.name });
    history.reset({ placement: offered.placement, strokes: offered.strokes, blend: offered.blend });
    if (await removeBackground(offered.uploadId)) toast.success(messages.draftResumed);
  };

  const ready = useMemo(
    () =>
      uploadId && cutout ? { templateId: template.templateId, uploadId, placement, strokes, blend } : null,
    [uploadId, cutout, template.templateId, placement, strokes, blend],
  );
  return (
    <EditorPage
      back={{ to: '/moments', label: 'All templates' }}
      title={template.sceneName}
      subtitle={template.category}
    >
      <EditorColumns
        side={
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
              onPreview={(next) => history.preview({ ...history.present, placement: next })}
              onCommit={history.commit}
            />
            <BlendControls
              blend={blend}
              onPreview={(next) => history.preview({ ...history.present, blend: next })}
              onCommit={history.commit}
              onApply={(next) => history.apply({ ...history.present, blend: next })}
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
        }
      >
        <CanvasRegion
          label="Keepsake canvas: drag the child, or use the arrow keys (Shift moves further)"
          onKeyDown={onCanvasKey}
        >
          <KeepsakeStage
            background={background.image}
            cutout={cutoutImage.image}
            source={sourceImage.image}
            groundY={template.groundY}
            state={history.present}
            tool={tool}
            brushPx={brush}
            onPreview={history.preview}
            onCommit={history.commit}
          />
        </CanvasRegion>
        <PhotoPicker {...PICKER} progress={photo.progress} hasPhoto={Boolean(cutout)} onFile={onFile} />
      </EditorColumns>
      <ResumeDraftDialog
        draft={signedIn ? offer : null}
        onResume={resume}
        onStartFresh={() => {
          clearResumeDraft();
          setOffer(null);
        }}
      />
    </EditorPage>
  );
}
