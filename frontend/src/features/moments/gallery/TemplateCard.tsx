/** A template in the gallery: its thumbnail, scene name, category and the "1 Credit" badge. */
import type { TemplateView } from '@shared/schemas/moments';
import { HD_COMPOSITION_CREDITS, THUMB_WIDTH_PX } from '@shared/templates';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/Badge';

const ratio = (t: TemplateView) => `${t.nativeWidth} / ${t.nativeHeight}`;

export function TemplateCard({ template, eager }: { template: TemplateView; eager: boolean }) {
  return (
    <Link
      to={`/moments/editor/${template.templateId}`}
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
          style={{ aspectRatio: ratio(template) }}
        />
      </div>
      <div className="flex flex-col gap-1 p-3">
        <span className="font-semibold text-slate-900 group-hover:text-violet-800">{template.sceneName}</span>
        <span className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          {template.category}
          <Badge tone="amber" className="px-2 py-0.5 text-xs">
            {HD_COMPOSITION_CREDITS} Credit
          </Badge>
        </span>
      </div>
    </Link>
  );
}
