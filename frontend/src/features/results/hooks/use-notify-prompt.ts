/** Opens the email prompt once, 2 s after load, for an owner without an email (not after payment). */
import { NOTIFY_PROMPT_DELAY_MS } from '@shared/rules/progress';
import type { UploadView } from '@shared/schemas/uploads';
import { useEffect, useRef, useState } from 'react';

type NotifyFacts = Pick<UploadView, 'viewerIsOwner' | 'hasEmail'>;

/** Only the owner can save an email; `paid=true` in the link skips the prompt (docs/product.md#results-page). */
export function shouldOfferNotify(upload: NotifyFacts | undefined, paid: boolean): boolean {
  return Boolean(upload?.viewerIsOwner && upload.hasEmail === false && !paid);
}

export function useNotifyPrompt(upload: UploadView | undefined, paid: boolean) {
  const [open, setOpen] = useState(false);
  const offered = useRef(false);
  const eligible = shouldOfferNotify(upload, paid);

  useEffect(() => {
    if (!eligible || offered.current) return;
    const timer = setTimeout(() => {
      offered.current = true;
      setOpen(true);
    }, NOTIFY_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible]);

  return { open, setOpen };
}
