/** A template of the composer gallery: thumbnail, scene name, category and orientation. */
import type { TemplateView } from '@shared/schemas/moments';
import { ORIENTATION_LABELS, THUMB_WIDTH_PX } from '@shared/templates';
import { memo } from 'react';

export const ComposerTemplateCard = memo(function ComposerTemplateCard({
  template,
  to,
  eager,
}: {
  template: TemplateView;
  to: string;
  eager: boolean;
}) {
  return (
    <a
      href={to}
      className="group block overflow-hidden rounded-2xl border border-violet-100 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
    >
      <div className="flex aspect-square items-center justify-center bg-violet-50">
        <img
          src={template.thumbUrl}
          alt=""
          width={THUMB_WIDTH_PX}
          height={Math.round((THUMB_WIDTH_PX * template.nativeHeight) / template.nativeWidth)}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-auto max-w-full object-contain"
          style={{ aspectRatio: `${template.nativeWidth} / ${template.nativeHeight}` }}
        />
      </div>
      <div className="flex flex-col gap-1 p-3">
        <span className="font-semibold text-slate-900 group-hover:text-violet-800">{template.sceneName}</span>
        <span className="text-sm text-slate-600">
          {template.category} · {ORIENTATION_LABELS[template.orientation]}
        </span>
      </div>
    </a>
  );
});
