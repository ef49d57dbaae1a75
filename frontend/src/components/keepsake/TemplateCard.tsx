/** A template in an editor's gallery: its thumbnail, scene name, a line of details and maybe a badge. */
import type { TemplateView } from '@shared/schemas/moments';
import { THUMB_WIDTH_PX } from '@shared/templates';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../ui/Badge';
import { squarePosition } from './square-position';

const CARD =
  'group block overflow-hidden rounded-2xl border border-violet-100 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600';

type Props = {
  template: TemplateView;
  to: string;
  eager: boolean;
  /**
   * A plain link, for a grid that navigates for all its cards in one click handler (a router Link
   * re-renders with every URL change).
   */
  plainLink?: boolean;
  /** Plain values, so that the memoised card skips re-rendering while a filter is typed. */
  details: string;
  badge?: string;
  /**
   * `square`: the part of the scene a square keepsake shows (Moments' canvas: coverCrop, a tall
   * scene around its ground line), so the card is what the parent will make; by default the whole
   * scene in its own shape (the composer exports at the template's size).
   */
  frame?: 'own' | 'square';
};

export const TemplateCard = memo(function TemplateCard({
  template,
  to,
  eager,
  plainLink,
  details,
  badge,
  frame = 'own',
}: Props) {
  const content = (
    <>
      <div className="flex aspect-square items-center justify-center bg-violet-50">
        <img
          src={template.thumbUrl}
          alt=""
          width={THUMB_WIDTH_PX}
          height={Math.round((THUMB_WIDTH_PX * template.nativeHeight) / template.nativeWidth)}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={
            frame === 'square' ? 'h-full w-full object-cover' : 'h-full w-auto max-w-full object-contain'
          }
          style={
            frame === 'square'
              ? { objectPosition: squarePosition(template) }
              : { aspectRatio: `${template.nativeWidth} / ${template.nativeHeight}` }
          }
        />
      </div>
      <div className="flex flex-col gap-1 p-3">
        <span className="font-semibold text-slate-900 group-hover:text-violet-800">{template.sceneName}</span>
        {badge ? (
          <span className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
            {details}
            <Badge tone="amber" className="px-2 py-0.5 text-xs">
              {badge}
            </Badge>
          </span>
        ) : (
          <span className="text-sm text-slate-600">{details}</span>
        )}
      </div>
    </>
  );
  return plainLink ? (
    <a href={to} className={CARD}>
      {content}
    </a>
  ) : (
    <Link to={to} className={CARD}>
      {content}
    </Link>
  );
});

/** The card's shape while the library loads, so the page does not jump when it arrives. */
export function TemplateCardSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-2xl border border-violet-100 bg-white shadow-sm"
      aria-hidden="true"
    >
      <div className="aspect-square bg-violet-50 motion-safe:animate-pulse" />
      <div className="flex flex-col gap-2 p-3">
        <span className="h-4 w-3/4 rounded bg-slate-200 motion-safe:animate-pulse" />
        <span className="h-3 w-1/2 rounded bg-slate-100 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}
