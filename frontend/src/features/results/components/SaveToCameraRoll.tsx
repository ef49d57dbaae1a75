/** "Save to Camera Roll" (docs/product.md#results-page): every unlocked HD image, to the device. */
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
      {busy ? <Spinner className="size-5 text-white" /> : <DownloadIcon />}
      Save to Camera Roll
    </Button>
  );
}

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14" />
    </svg>
  );
}
