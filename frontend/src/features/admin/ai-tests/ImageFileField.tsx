/** A labelled image input with the chosen file's thumbnail and its problem, read out when it appears. */
import { useId } from 'react';
import { useObjectUrl } from './use-object-url';
import type { TestImage } from './use-test-image';

type ImageFileFieldProps = {
  label: string;
  image: TestImage;
  disabled?: boolean;
  /** Shown under the label, e.g. what kind of photo works. */
  hint?: string;
};

export function ImageFileField({ label, image, disabled = false, hint }: ImageFileFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const thumbnail = useObjectUrl(image.file);
  const describedBy = [hint ? hintId : null, image.error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="-mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="file"
          accept="image/*"
          disabled={disabled}
          aria-invalid={image.error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => image.choose(event.target.files?.[0] ?? null)}
          className="block min-w-0 flex-1 cursor-pointer rounded-2xl border-2 border-dashed border-violet-200 bg-violet-50/60 p-2 text-sm text-slate-800 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-violet-700 file:px-4 file:font-semibold file:text-white hover:file:bg-violet-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-violet-300 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-rose-500"
        />
        {thumbnail && (
          <img
            src={thumbnail}
            alt=""
            className="size-14 shrink-0 rounded-xl border border-violet-100 object-cover"
          />
        )}
      </div>
      {image.converting && (
        <p role="status" className="text-sm text-slate-700">
          Preparing the image…
        </p>
      )}
      {image.error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-rose-800">
          {image.error}
        </p>
      )}
    </div>
  );
}
