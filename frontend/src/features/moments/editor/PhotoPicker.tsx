/** Choosing the child's photo, with progress while it uploads and its background is removed. */
import { memo, useId } from 'react';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { Spinner } from '../../../components/ui/Spinner';
import type { PhotoStage } from './use-keepsake-photo';

const STAGE_TEXT: Record<Exclude<PhotoStage, 'idle' | 'sending'>, string> = {
  checking: 'Checking your photo…',
  removing: 'Removing the background…',
};

export const PhotoPicker = memo(function PhotoPicker({
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
      {!hasPhoto && !busy && (
        <p className="text-slate-800">
          Add a photo of your child. We remove the background and place them in the scene.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={buttonClasses(
            hasPhoto ? 'outline' : 'primary',
            'md',
            busy ? 'pointer-events-none opacity-50' : 'cursor-pointer',
          )}
        >
          {hasPhoto ? 'Change photo' : 'Choose a photo'}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          disabled={busy}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
        {stage === 'sending' && <span className="text-sm text-slate-700">Uploading… {percent}%</span>}
        {(stage === 'checking' || stage === 'removing') && (
          <span role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" label="" />
            {STAGE_TEXT[stage]}
          </span>
        )}
      </div>
      {stage === 'sending' && <ProgressBar value={percent} label="Uploading your photo" />}
    </div>
  );
});
