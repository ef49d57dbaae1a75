/** Choosing the child's photo in an editor, with progress while it converts, uploads and is cut out. */
import { memo, type ReactNode, useId } from 'react';
import type { PhotoProgress, PhotoStage } from '../../lib/use-photo-cutout';
import { buttonClasses } from '../ui/button-styles';
import { ProgressBar } from '../ui/ProgressBar';
import { Spinner } from '../ui/Spinner';

const STAGE_TEXT: Record<Exclude<PhotoStage, 'idle' | 'sending'>, string> = {
  converting: 'Converting your HEIC photo…',
  checking: 'Checking your photo…',
  removing: 'Removing the background…',
};

type Props = {
  progress: PhotoProgress;
  hasPhoto: boolean;
  onFile(file: File): void;
  /** The button's words before a photo is in. */
  chooseLabel: string;
  /** The file input's accept list. */
  accept: string;
  /** Shown above the button until a photo is chosen. */
  intro?: ReactNode;
};

// Memoised: dragging on the canvas re-renders the editor many times a second.
export const PhotoPicker = memo(function PhotoPicker({
  progress: { stage, percent },
  hasPhoto,
  onFile,
  chooseLabel,
  accept,
  intro,
}: Props) {
  const id = useId();
  const busy = stage !== 'idle';
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-violet-100 bg-violet-50/60 p-4">
      {intro && !hasPhoto && !busy && <p className="text-slate-800">{intro}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={buttonClasses(
            hasPhoto ? 'outline' : 'primary',
            'md',
            busy ? 'pointer-events-none opacity-50' : 'cursor-pointer',
          )}
        >
          {hasPhoto ? 'Change photo' : chooseLabel}
        </label>
        <input
          id={id}
          type="file"
          accept={accept}
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
});
