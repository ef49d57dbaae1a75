/** A draft in My Drafts: its scene with the child where they were placed, and what can be done with it. */
import { type Placement, placedBox } from '@shared/rules/placement';
import type { DraftView } from '@shared/schemas/moments';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';

type Size = { width: number; height: number };
const naturalSize = (img: HTMLImageElement): Size => ({ width: img.naturalWidth, height: img.naturalHeight });
const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * The cut-out over the template thumbnail, where the shared placement rules put it (no strokes).
 * The scene keeps its own shape inside the square tile (portrait and landscape scenes are not
 * cropped), so the child sits exactly where the editor placed them.
 */
function DraftPreview({ draft }: { draft: DraftView }) {
  const [scene, setScene] = useState<Size | null>(null);
  const [cutout, setCutout] = useState<Size | null>(null);
  const box = scene && cutout ? placedBox(draft.placement as Placement, cutout, scene) : null;
  return (
    <div className="flex aspect-square items-center justify-center overflow-hidden rounded-xl bg-violet-50">
      <div
        className={cn(
          'relative max-h-full max-w-full',
          scene && scene.width < scene.height ? 'h-full' : 'w-full',
        )}
        style={scene ? { aspectRatio: `${scene.width} / ${scene.height}` } : undefined}
      >
        <img
          src={draft.templateThumbUrl}
          alt=""
          loading="lazy"
          onLoad={(e) => setScene(naturalSize(e.currentTarget))}
          className="block size-full object-contain"
        />
        {draft.cutoutUrl && (
          <img
            src={draft.cutoutUrl}
            alt=""
            loading="lazy"
            onLoad={(e) => setCutout(naturalSize(e.currentTarget))}
            className="absolute max-w-none"
            style={
              box && scene
                ? {
                    left: percent(box.cx - box.width / 2, scene.width),
                    top: percent(box.cy - box.height / 2, scene.height),
                    width: percent(box.width, scene.width),
                    height: percent(box.height, scene.height),
                    transform: `rotate(${draft.placement.rotation}deg)`,
                  }
                : { visibility: 'hidden' }
            }
          />
        )}
      </div>
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
