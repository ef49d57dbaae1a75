/** "Save to Camera Roll" (docs/product.md#results-page): every unlocked HD image, to the device. */
import { ArrowDownToLine } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useSaveHd } from '../hooks/use-save-hd';

export function SaveToCameraRoll({ uploadId }: { uploadId: string }) {
  const { save, busy } = useSaveHd(uploadId);
  return (
    <Button
      size="lg"
      variant="custom"
      className="bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 active:bg-emerald-900"
      onClick={save}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? (
        <Spinner className="size-5 text-white" />
      ) : (
        <ArrowDownToLine className="size-5" aria-hidden="true" />
      )}
      Save to Camera Roll
    </Button>
  );
}
