/** "Share to Social Media": builds the composite, then offers native share, download and social links. */
import { messages } from '@shared/messages';
import { pickShareJobs, SHARE_FILE_NAME, SHARE_TITLE, shareText } from '@shared/rules/share-layout';
import type { UploadView } from '@shared/schemas/uploads';
import { Share } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { buttonClasses } from '../../components/ui/button-styles';
import { Dialog, DialogContent } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { composeShareImage } from './compose-share-image';
import { shareNatively, shareOutcomeToast } from './native-share';

type Composite = { file: File; url: string };

export function ShareToSocial({ upload }: { upload: UploadView }) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [composite, setComposite] = useState<Composite | null>(null);
  const buttonId = useId();
  const shareJobs = pickShareJobs(upload.jobs.filter((job) => job.status === 'done'));
  const links = shareText(
    window.location.origin,
    upload.uploadId,
    (shareJobs ?? []).map((job) => job.age),
  );

  // Object URLs hold the image in memory until revoked.
  useEffect(
    () => () => {
      if (composite) URL.revokeObjectURL(composite.url);
    },
    [composite],
  );

  const prepare = async () => {
    if (!shareJobs) {
      toast.error(messages.notAllImagesReady);
      return;
    }
    setBusy(true);
    try {
      const file = await composeShareImage(
        shareJobs.map((job) => ({ age: job.age, previewUrl: job.previewUrl! })),
      );
      setComposite({ file, url: URL.createObjectURL(file) });
      setOpen(true);
    } catch {
      toast.error(messages.shareImageFailed);
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    if (!composite) return;
    const outcome = await shareNatively(navigator, composite.file, { title: SHARE_TITLE, text: links.text });
    const note = shareOutcomeToast(outcome);
    if (note) toast[note.kind](note.message);
  };

  const download = () => {
    if (!composite) return;
    const link = document.createElement('a');
    link.href = composite.url;
    link.download = SHARE_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    toast.success(messages.downloaded);
  };

  return (
    <>
      <Button id={buttonId} size="lg" onClick={prepare} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner className="size-5 text-white" /> : <Share className="size-5" aria-hidden="true" />}
        {busy ? 'Preparing...' : 'Share to Social Media'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Share Your Baby's Future! ✨"
          className="max-w-2xl"
          // The button was disabled while the collage was made, so it had lost the focus when the
          // dialog opened: give it back explicitly, not to the page's start.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(buttonId)?.focus();
          }}
        >
          {composite && (
            <img
              src={composite.url}
              alt="Your share collage with the previews at each age"
              className="w-full rounded-2xl border border-violet-100"
            />
          )}
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Button onClick={share}>Share</Button>
            <Button variant="outline" onClick={download}>
              Download
            </Button>
            <a
              href={links.twitter}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('custom', 'md', 'bg-sky-100 text-sky-950 hover:bg-sky-200')}
            >
              Twitter<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a
              href={links.facebook}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('custom', 'md', 'bg-blue-100 text-blue-950 hover:bg-blue-200')}
            >
              Facebook<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
          <p className="mt-4 text-center text-sm text-slate-600">
            Download the image or use native sharing to post on Instagram Stories!
          </p>
        </DialogContent>
      </Dialog>
    </>
  );
}
