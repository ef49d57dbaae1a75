/** A draft in My Drafts: its scene with the child where they were placed, and what can be done with it. */
import { type Placement, placedBox } from '@shared/rules/placement';
import type { DraftView } from '@shared/schemas/moments';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';

const PREVIEW = 100; // percent of the square thumbnail

/** The cut-out over the template thumbnail, where the shared placement rules put it (no strokes). */
function DraftPreview({ draft }: { draft: DraftView }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const box = size
    ? placedBox(draft.placement as Placement, size, { width: PREVIEW, height: PREVIEW })
    : null;
  return (
    <div className="relative aspect-square overflow-hidden rounded-xl bg-violet-50">
      <img
        src={draft.templateThumbUrl}
        alt=""
        loading="lazy"
        className="absolute inset-0 size-full object-cover"
      />
      {draft.cutoutUrl && (
        <img
          src={draft.cutoutUrl}
          alt=""
          loading="lazy"
          onLoad={(e) =>
            setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
          }
          className="absolute max-w-none"
          style={
            box
              ? {
                  left: `${box.cx - box.width / 2}%`,
                  top: `${box.cy - box.height / 2}%`,
                  width: `${box.width}%`,
                  height: `${box.height}%`,
                  transform: `rotate(${draft.placement.rotation}deg)`,
                }
              : { visibility: 'hidden' }
          }
        />
      )}
    </div>
  );
}

export function DraftCard({
  draft,
  onOpen,
  onRename,
  onDuplicate,
  onDelete,
  busy,
}: {
  draft: DraftView;
  onOpen(): void;
  onRename(): void;
  onDuplicate(): void;
  onDelete(): void;
  busy: boolean;
}) {
  const updated = new Date(draft.updatedAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-violet-100 bg-white p-3 shadow-sm">
      <button
        type="button"
        onClick={onOpen}
        className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
        aria-label={`Open ${draft.name}`}
      >
        <DraftPreview draft={draft} />
      </button>
      <div>
        <h2 className="font-semibold text-slate-900">{draft.name}</h2>
        <p className="text-sm text-slate-600">
          {draft.templateName} · saved {updated}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onOpen}>
          Open
        </Button>
        <Button size="sm" variant="outline" onClick={onRename} disabled={busy}>
          Rename
        </Button>
        <Button size="sm" variant="outline" onClick={onDuplicate} disabled={busy}>
          Duplicate
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} disabled={busy}>
          Delete
        </Button>
      </div>
    </article>
  );
}
