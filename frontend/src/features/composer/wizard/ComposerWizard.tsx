/** Steps 2, 4 and 6 of the composer for one template (and, from /upload, one photo). */
import { messages } from '@shared/messages';
import {
  type ComposerTransform,
  clampComposerTransform,
  fillSafeArea,
  fitToSafeArea,
  INITIAL_COMPOSER_TRANSFORM,
  isOutsideSafeArea,
  resetTransform,
  snapToSafeAreaCentre,
} from '@shared/rules/composer-transform';
import type { CutoutView, TemplateView } from '@shared/schemas/moments';
import { ORIENTATION_LABELS } from '@shared/templates';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CanvasRegion, EditorColumns, EditorPage } from '../../../components/keepsake/EditorLayout';
import { PhotoPicker } from '../../../components/keepsake/PhotoPicker';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api-client';
import { arrowNudge } from '../../../lib/arrow-nudge';
import { downloadKeepsake, MOBILE_BREAKPOINT_PX } from '../../../lib/download';
import { useLoadedImage } from '../../../lib/use-loaded-image';
import { usePhotoCutout } from '../../../lib/use-photo-cutout';
import { AdjustControls } from './AdjustControls';
import { ComposerStage } from './ComposerStage';
import { exportComposition } from './export-composition';
import { HdExport } from './HdExport';
import { preparePhoto } from './prepare-photo';
import { ResultStep } from './ResultStep';
import { type Step, StepList } from './StepList';
import { savedTransform, saveTransform } from './saved-transform';

const NUDGE = 0.01;

const PHOTO = { purpose: 'composer', prepare: preparePhoto } as const;
const PICKER = {
  chooseLabel: 'Upload the child photo',
  // HEIC often comes without a declared type, so its extensions are listed too.
  accept: 'image/jpeg,image/png,image/heic,image/heif,.heic,.heif,.jpg,.jpeg,.png',
};

export function ComposerWizard({
  template,
  fromUpload,
}: {
  template: TemplateView;
  fromUpload: string | null;
}) {
  const photo = usePhotoCutout(PHOTO);
  const [step, setStep] = useState<Step>(2);
  const [cutout, setCutout] = useState<CutoutView | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [, setParams] = useSearchParams();
  const [transform, setTransform] = useState<ComposerTransform>(INITIAL_COMPOSER_TRANSFORM);
  const [result, setResult] = useState<File | null>(null);
  const [exporting, setExporting] = useState(false);
  const background = useLoadedImage(template.imageUrl, { readPixels: true });
  const cutoutImage = useLoadedImage(cutout?.cutoutUrl, { readPixels: true });
  const native = { width: template.nativeWidth, height: template.nativeHeight };
  const area = template.safeArea;

  const removeBackground = async (uploadId: string) => {
    try {
      const view = await photo.cutout.mutateAsync(uploadId);
      setCutout(view);
      setUploadId(uploadId);
      // Back from signing in (or a reload): the photo as it was placed.
      setTransform(savedTransform(template.templateId, uploadId) ?? resetTransform(area, view, native));
      toast.success(messages.backgroundRemoved);
      setStep(4);
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(
        reason ? `${messages.backgroundRemovalFailed}: ${reason}` : messages.backgroundRemovalFailed,
      );
    }
  };

  // The photo the page opened with (from /upload, or back from signing in) goes straight to
  // background removal, once; a photo chosen here later also enters the URL, but is handled here.
  const openedWith = useRef(fromUpload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the photo the page opened with
  useEffect(() => {
    const id = openedWith.current;
    openedWith.current = null; // React's development double effect must not remove it twice
    if (id) void removeBackground(id);
  }, []);

  const choosePhoto = async (file: File) => {
    const uploadId = await photo.send(file);
    if (!uploadId) return;
    // The photo rides in the URL, so signing in for HD or a reload comes back to it.
    setParams({ templateId: template.templateId, uploadId }, { replace: true });
    await removeBackground(uploadId);
  };

  useEffect(() => {
    if (uploadId && cutout) saveTransform(template.templateId, uploadId, transform);
  }, [template.templateId, uploadId, cutout, transform]);

  const exportFree = async () => {
    if (!background.image || !cutoutImage.image) return;
    setExporting(true);
    try {
      const file = await exportComposition(
        template,
        { background: background.image, cutout: cutoutImage.image },
        transform,
      );
      setResult(file);
      setStep(6);
      save(file);
    } catch (error) {
      toast.error(`${messages.exportFailed}${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(false);
    }
  };

  const act = (next: ComposerTransform, message: string) => {
    setTransform(next);
    toast.success(message);
  };
  const subject = cutout ?? { width: 1, height: 1 };
  const onCanvasKey = (event: KeyboardEvent) => {
    const move = arrowNudge(event.key, event.shiftKey ? NUDGE * 10 : NUDGE);
    if (!move || !cutout) return;
    event.preventDefault();
    setTransform((t) => clampComposerTransform({ ...t, x: t.x + move[0], y: t.y + move[1] }));
  };

  return (
    <EditorPage
      back={{ to: '/offspring-gallery', label: 'Choose another background' }}
      title={template.sceneName}
      subtitle={`${template.category} · ${ORIENTATION_LABELS[template.orientation]}`}
    >
      <StepList current={step} />
      {step === 6 && result ? (
        <ResultStep
          file={result}
          template={template}
          onDownload={() => save(result)}
          onEdit={() => setStep(4)}
        >
          {uploadId && (
            <HdExport request={{ templateId: template.templateId, uploadId, transform }} native={native} />
          )}
        </ResultStep>
      ) : (
        <EditorColumns
          side={
            step === 4 && cutout ? (
              <div className="flex min-w-0 flex-col gap-6">
                <AdjustControls
                  transform={transform}
                  outside={isOutsideSafeArea(transform, area)}
                  onChange={setTransform}
                  onFit={() =>
                    act(fitToSafeArea(transform, area, subject, native), messages.fittedToSafeArea)
                  }
                  onFill={() => act(fillSafeArea(transform, area, subject, native), messages.filledSafeArea)}
                  onReset={() => act(resetTransform(area, subject, native), messages.transformReset)}
                  onSnap={() => act(snapToSafeAreaCentre(transform, area), messages.snappedToCenter)}
                />
                <Button
                  size="lg"
                  onClick={exportFree}
                  disabled={exporting || !cutoutImage.image || !background.image}
                >
                  {exporting ? 'Exporting…' : 'Export'}
                </Button>
                <p className="text-sm text-slate-600">
                  A free export is full size ({native.width}×{native.height}) with a watermark.
                </p>
                {uploadId && (
                  <HdExport
                    request={{ templateId: template.templateId, uploadId, transform }}
                    native={native}
                  />
                )}
              </div>
            ) : (
              <div className="rounded-2xl border border-violet-100 bg-white p-5 text-slate-700">
                <h2 className="text-lg font-bold text-slate-900">Upload the child photo</h2>
                <p className="mt-1">
                  A clear photo of your child, JPEG, PNG or HEIC (iPhone), up to 12 MB and at least 1024
                  pixels on its short edge. We remove the background and place your child in the safe area.
                </p>
              </div>
            )
          }
        >
          <CanvasRegion
            label="Composition canvas: drag your child, or use the arrow keys (Shift moves further)"
            onKeyDown={onCanvasKey}
          >
            <ComposerStage
              template={template}
              background={background.image}
              cutout={cutoutImage.image}
              transform={transform}
              onChange={setTransform}
            />
          </CanvasRegion>
          <p className="text-sm text-slate-600">
            The green dashed frame is the safe area: keep your child inside it.
          </p>
          <PhotoPicker
            {...PICKER}
            progress={photo.progress}
            hasPhoto={Boolean(cutout)}
            onFile={choosePhoto}
          />
        </EditorColumns>
      )}
    </EditorPage>
  );

  function save(file: File) {
    const url = URL.createObjectURL(file);
    if (window.innerWidth < MOBILE_BREAKPOINT_PX) toast.success(messages.imageExported);
    downloadKeepsake({ url, downloadUrl: url, fileName: file.name }, { downloaded: messages.imageExported });
    // The new tab or the download has the file by then.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
