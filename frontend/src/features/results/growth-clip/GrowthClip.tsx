/**
 * "Watch them grow" (docs/product.md#results-page): once two ages are done, a short clip morphing
 * the child through them, made in the browser, then shared natively or downloaded.
 */
import { messages } from '@shared/messages';
import { canMakeClip } from '@shared/rules/growth-clip';
import type { UploadView } from '@shared/schemas/uploads';
import { ArrowDownToLine, Clapperboard, Share } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import type { GrowthClip as Clip } from './make-clip';
import { canShareFile, shareClip } from './share-clip';
import { unmarkedPictures } from './unmarked-pictures';

type Made = Clip & { url: string; unmarked: boolean; hdMissed: boolean };

export function GrowthClipButton({ upload }: { upload: UploadView }) {
  const [busy, setBusy] = useState(false);
  const [clip, setClip] = useState<Made | null>(null);

  // The object URL holds the video in memory until revoked.
  useEffect(
    () => () => {
      if (clip) URL.revokeObjectURL(clip.url);
    },
    [clip],
  );

  if (!canMakeClip(upload.jobs)) return null;

  const make = async () => {
    setBusy(true);
    try {
      // The offline simulation says what it is in the clip too, with the page's own small print.
      const notice = upload.engine === 'offline' ? messages.offlineEngineNotice : null;
      // The muxers and the mesh load on the first press, not with the results page.
      const [{ makeGrowthClip }, unmarked] = await Promise.all([
        import('./make-clip'),
        unmarkedPictures(upload),
      ]);
      const made = await makeGrowthClip(upload.jobs, notice, unmarked.pictures);
      setClip({
        ...made,
        url: URL.createObjectURL(made.file),
        unmarked: unmarked.pictures !== null,
        hdMissed: unmarked.missed,
      });
    } catch {
      toast.error(messages.growthClipFailed);
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    if (!clip) return;
    const outcome = await shareClip(navigator, clip.file);
    if (outcome === 'shared') toast.success(messages.sharedSuccessfully);
    if (outcome === 'failed') toast.error(messages.shareFailed);
  };

  return (
    <section aria-label="Watch them grow" className="mx-auto mt-8 flex max-w-md flex-col items-center gap-4">
      <Button size="lg" variant="outline" onClick={make} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner className="size-5" /> : <Clapperboard className="size-5" aria-hidden="true" />}
        {busy ? 'Making your clip...' : 'Watch them grow'}
      </Button>
      {clip && (
        <Card className="w-full overflow-hidden">
          <video
            src={clip.url}
            className="aspect-square w-full bg-violet-50"
            aria-label="Your child growing up, age by age"
            data-frames={clip.frames}
            data-encoder={clip.encoder}
            data-unmarked={clip.unmarked}
            autoPlay
            muted
            loop
            playsInline
            controls
          />
          {clip.unmarked && (
            <p className="px-4 pt-3 text-center text-sm text-slate-600">
              Made from your HD photos, without the watermark.
            </p>
          )}
          <div className="flex flex-wrap justify-center gap-3 p-4">
            {canShareFile(navigator, clip.file) && (
              <Button onClick={share}>
                <Share className="size-5" aria-hidden="true" />
                Share
              </Button>
            )}
            <a
              href={clip.url}
              download={clip.file.name}
              onClick={() => toast.success(messages.downloaded)}
              className={buttonClasses('outline')}
            >
              <ArrowDownToLine className="size-5" aria-hidden="true" />
              Download video
            </a>
          </div>
        </Card>
      )}
      {/* Mounted before it speaks: screen readers skip a live region that arrives already filled. */}
      <p role="status" className="text-center text-sm text-slate-600 empty:sr-only">
        {clip?.hdMissed ? messages.hdClipUnavailable : ''}
      </p>
    </section>
  );
}
