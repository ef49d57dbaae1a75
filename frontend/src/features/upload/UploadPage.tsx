import { ANONYMOUS_RETENTION_DAYS } from '@shared/catalog';
import { messages } from '@shared/messages';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { Card } from '../../components/ui/Card';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { serverReason } from '../../lib/api-client';
import { needsConversion, toUploadablePhoto } from '../../lib/uploadable-photo';
import { AddToHomeScreenHint } from './components/AddToHomeScreenHint';
import { DropZone } from './components/DropZone';
import { ProcessingBanner } from './components/ProcessingBanner';
import { useSharedPhoto } from './hooks/use-shared-photo';
import { type UploadStage, useUploadPhoto } from './hooks/use-upload-photo';

const STAGE_TEXT: Record<UploadStage, string> = {
  idle: '',
  preparing: 'Getting ready…',
  sending: 'Sending your photo…',
  checking: 'Checking your photo…',
};
const PREPARING_TEXT = 'Preparing your photo…';

export function UploadPage() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  // A HEIC being decoded or a GIF being redrawn: a moment on a phone, during which no other photo is taken.
  const [converting, setConverting] = useState(false);
  const { upload, isUploading, stage, percent } = useUploadPhoto();

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  /** Answers whether the photo is now the chosen one (a refusal says why in a toast). */
  const choose = useCallback(async (chosen: File) => {
    setConverting(needsConversion(chosen));
    const photo = await toUploadablePhoto(chosen);
    setConverting(false);
    if (!photo.ok) {
      toast.error(photo.message);
      return false;
    }
    setFile(photo.file);
    return true;
  }, []);
  // A photo shared to the installed app (/upload?shared=1) is chosen like a picked one.
  const shared = useSharedPhoto(choose);
  // A photo picked by hand replaces the shared one, which is then deleted.
  const pick = async (chosen: File) => {
    if ((await choose(chosen)) && shared.chosen) shared.leave();
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) void pick(chosen);
  };

  const onContinue = async () => {
    if (!file) return;
    try {
      const view = await upload(file);
      // A shared photo is in now: its page leaves the history, so Back does not look for it again.
      if (shared.chosen) shared.leave();
      // A signed-in parent's upload is theirs (uploadId); a visitor's is held by the session. The
      // previews are made meanwhile; the gallery offers backgrounds for the same photo (docs/product.md#upload).
      const param = view.ownedByUser ? 'uploadId' : 'tempUploadId';
      toast.success(messages.uploadSuccessful);
      navigate(`/offspring-gallery?${param}=${encodeURIComponent(view.uploadId)}`);
    } catch (error) {
      // The chosen photo stays on screen, so the parent can simply try again.
      toast.error(messages.uploadFailed, { description: serverReason(error) });
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <ButtonLink to="/" variant="ghost" size="sm" className="-ml-2">
        <span aria-hidden="true">←</span> Back
      </ButtonLink>
      <header className="mb-6 mt-3 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Upload Child Photo
        </h1>
        <p className="mt-2 text-lg text-slate-700">Upload your child's photo to create magical memories</p>
      </header>

      <ProcessingBanner />
      <AddToHomeScreenHint />

      <Card className="p-4 sm:p-6">
        {file && previewUrl ? (
          <div className="flex flex-col items-center gap-4">
            <img
              src={previewUrl}
              alt="Preview of your upload"
              className="max-h-96 w-full rounded-2xl bg-violet-50 object-contain"
            />
            <p className="max-w-full truncate text-sm text-slate-600">{file.name}</p>
            <Button
              variant="outline"
              disabled={isUploading || converting}
              onClick={() => input.current?.click()}
            >
              Choose Different Photo
            </Button>
            <input
              ref={input}
              type="file"
              accept="image/*"
              className="hidden"
              tabIndex={-1}
              onChange={onInput}
            />
          </div>
        ) : (
          <DropZone onFile={pick} disabled={isUploading || converting} />
        )}

        <div aria-live="polite" className="mt-4">
          {converting && <p className="text-center text-sm font-medium text-slate-700">{PREPARING_TEXT}</p>}
          {isUploading && (
            <div className="space-y-2">
              <ProgressBar value={percent} label="Upload progress" />
              <p className="text-center text-sm font-medium text-slate-700">
                {STAGE_TEXT[stage]} {percent}%
              </p>
            </div>
          )}
        </div>

        <Button
          size="lg"
          className="mt-4 w-full"
          disabled={!file || isUploading || converting}
          onClick={onContinue}
        >
          {isUploading ? 'Uploading...' : 'Continue'}
        </Button>
        {shared.chosen && !isUploading && (
          // The shared photo in a themed scene instead of, or as well as, age previews.
          <ButtonLink to="/moments?shared=1" variant="ghost" className="mt-2 w-full">
            Make a Moments keepsake
          </ButtonLink>
        )}
      </Card>

      <p className="mt-6 text-center text-sm text-slate-600">
        Your photo stays private. Photos uploaded without an account are deleted after{' '}
        {ANONYMOUS_RETENTION_DAYS} days.
      </p>
    </div>
  );
}
