/** Step 6: the exported keepsake, with the ways on (download again, adjust, start another). */
import type { TemplateView } from '@shared/schemas/moments';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';

export function ResultStep({
  file,
  template,
  onDownload,
  onEdit,
  children,
}: {
  file: File;
  template: TemplateView;
  onDownload(): void;
  onEdit(): void;
  /** More ways on (the HD export). */
  children?: ReactNode;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  return (
    <section
      className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,640px)_minmax(0,1fr)]"
      aria-labelledby="result-heading"
    >
      <div className="flex justify-center rounded-2xl bg-slate-100 p-2">
        {url && (
          <img
            src={url}
            alt={`Your keepsake on ${template.sceneName}`}
            className="max-h-[70dvh] w-auto max-w-full rounded-xl"
            style={{ aspectRatio: `${template.nativeWidth} / ${template.nativeHeight}` }}
          />
        )}
      </div>
      <div className="flex flex-col gap-3">
        <h2 id="result-heading" className="text-xl font-bold text-slate-900">
          Your keepsake is ready
        </h2>
        <p className="text-slate-700">
          {file.name} · {template.nativeWidth}×{template.nativeHeight}
        </p>
        <Button onClick={onDownload}>Download again</Button>
        {children}
        <Button variant="secondary" onClick={onEdit}>
          Adjust the position
        </Button>
        <ButtonLink to="/offspring-composer" variant="ghost">
          Create Another
        </ButtonLink>
      </div>
    </section>
  );
}
