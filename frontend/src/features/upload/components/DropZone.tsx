/** Dashed drop area: a real file input under a label, so click, keyboard and drag-and-drop all work. */
import { Upload } from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';

type DropZoneProps = { onFile: (file: File) => void; disabled?: boolean };

export function DropZone({ onFile, disabled }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // /upload is prerendered: on a slow line a photo can be chosen before the app runs. Take it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app takes over the page.
  useEffect(() => {
    const early = input.current?.files?.[0];
    if (!early || !input.current) return;
    input.current.value = '';
    onFile(early);
  }, []);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <label
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex min-h-64 cursor-pointer flex-col items-center justify-center gap-3 rounded-3xl border-2 border-dashed p-8 text-center transition-colors',
        'has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-violet-300',
        dragging
          ? 'border-violet-600 bg-violet-100'
          : 'border-violet-300 bg-white hover:border-violet-500 hover:bg-violet-50',
      )}
    >
      <span
        className="flex size-16 items-center justify-center rounded-full bg-violet-100 text-violet-700"
        aria-hidden="true"
      >
        <Upload className="size-8" aria-hidden="true" />
      </span>
      <span className="text-lg font-semibold text-slate-900">
        <span className="text-violet-700">Click to upload</span> or drag and drop
      </span>
      <span className="text-sm text-slate-600">PNG, JPG or JPEG (MAX. 10MB)</span>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Reset so picking the same file again still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
