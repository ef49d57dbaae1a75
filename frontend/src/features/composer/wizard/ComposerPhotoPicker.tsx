/** Choosing the child's photo for the composer, with progress while it converts, uploads and is cut out. */
import { useId } from 'react';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { Spinner } from '../../../components/ui/Spinner';
import type { PhotoStage } from './use-composer-photo';

const STAGE_TEXT: Record<Exclude<PhotoStage, 'idle' | 'sending'>, string> = {
  converting: 'Converting your HEIC photo…',
  checking: 'Checking your photo…',
  removing: 'Removing the background…',
};

/** HEIC often comes without a declared type, so its extensions are listed too. */
const ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.heic,.heif,.jpg,.jpeg,.png';

export function ComposerPhotoPicker({
  stage,
  percent,
  hasPhoto,
  onFile,
}: {
  stage: PhotoStage;
  percent: number;
  hasPhoto: boolean;
  onFile(file: File): void;
}) {
  const id = useId();
  const busy = stage !== 'idle';
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-violet-100 bg-violet-50/60 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={buttonClasses(
            hasPhoto ? 'outline' : 'primary',
            'md',
            busy ? 'pointer-events-none opacity-50' : 'cursor-pointer',
          )}
        >
          {hasPhoto ? 'Change photo' : 'Upload the child photo'}
        </label>
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
        {stage === 'sending' && <span className="text-sm text-slate-700">Uploading… {percent}%</span>}
        {stage !== 'idle' && stage !== 'sending' && (
          <span role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" label="" />
            {STAGE_TEXT[stage]}
          </span>
        )}
      </div>
      {stage === 'sending' && <ProgressBar value={percent} label="Uploading your photo" />}
    </div>
  );
}
