/** A draft in My Drafts: the keepsake as the editor showed it, and what can be done with it. */
import { type Placement, placedBox } from '@shared/rules/placement';
import type { DraftView } from '@shared/schemas/moments';
import { useState } from 'react';
import { squarePosition } from '../../../components/keepsake/square-position';
import { Button } from '../../../components/ui/Button';

type Size = { width: number; height: number };
const naturalSize = (img: HTMLImageElement): Size => ({ width: img.naturalWidth, height: img.naturalHeight });
const percent = (share: number) => `${share * 100}%`;

/**
 * The keepsake as the editor showed it: the square of the scene its canvas shows (a tall scene
 * around its ground line) and the cut-out where the shared placement rules put it on that square
 * (no strokes). `groundY` is the template's, from the library (undefined while it loads: centred).
 */
function DraftPreview({ draft, groundY }: { draft: DraftView; groundY: number | null | undefined }) {
  const [scene, setScene] = useState<Size | null>(null);
  const [cutout, setCutout] = useState<Size | null>(null);
  // Placement is in shares of the square canvas, as this tile is.
  const box = cutout ? placedBox(draft.placement as Placement, cutout, { width: 1, height: 1 }) : null;
  return (
    <div className="relative aspect-square overflow-hidden rounded-xl bg-violet-50">
      <img
        src={draft.templateThumbUrl}
        alt=""
        loading="lazy"
        onLoad={(e) => setScene(naturalSize(e.currentTarget))}
        className="block size-full object-cover"
        style={
          scene
            ? {
                objectPosition: squarePosition({
                  nativeWidth: scene.width,
                  nativeHeight: scene.height,
                  groundY,
                }),
              }
            : undefined
        }
      />
      {draft.cutoutUrl && (
        <img
          src={draft.cutoutUrl}
          alt=""
          loading="lazy"
          onLoad={(e) => setCutout(naturalSize(e.currentTarget))}
          className="absolute max-w-none"
          style={
            box
              ? {
                  left: percent(box.cx - box.width / 2),
                  top: percent(box.cy - box.height / 2),
                  width: percent(box.width),
                  height: percent(box.height),
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
  groundY,
  onOpen,
  onRename,
  onDuplicate,
  onDelete,
  busy,
}: {
  draft: DraftView;
  /** The template's ground line (where its square is cut), when the library has it. */
  groundY?: number | null;
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
        <DraftPreview draft={draft} groundY={groundY} />
      </button>
      <div>
        <h2 className="font-semibold text-slate-900">{draft.name}</h2>
        <p className="text-sm text-slate-600">
          {draft.templateName} · saved {updated}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2">
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
