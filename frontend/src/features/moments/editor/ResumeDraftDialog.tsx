/** "Resume your draft?" (docs/product.md#moments-editor): offered when the browser kept a draft for this template. */
import { messages } from '@shared/messages';
import type { DraftView } from '@shared/schemas/moments';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';

export function ResumeDraftDialog({
  draft,
  onResume,
  onStartFresh,
}: {
  draft: DraftView | null;
  onResume(draft: DraftView): void;
  onStartFresh(): void;
}) {
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onStartFresh()}>
      <DialogContent
        title={messages.resumeDraftTitle}
        description={draft ? `“${draft.name}” is where you left it.` : ''}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onStartFresh}>
            Start Fresh
          </Button>
          <Button onClick={() => draft && onResume(draft)}>Resume Draft</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
