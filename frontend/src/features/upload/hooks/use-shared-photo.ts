/**
 * /upload?shared=1: the photo shared to the installed app (pwa/share-target.ts) becomes the chosen
 * photo, through the same checks as a picked one. It stays in storage, and `?shared=1` in the
 * address, while it is the chosen photo: a reload keeps it, and the page can offer a Moments
 * keepsake with it (/moments?shared=1). Leaving the flow (Continue, Back) deletes it
 * (pwa/use-shared-photo-flow.ts); so does a refusal or choosing another photo.
 */
import { messages } from '@shared/messages';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { readSharedPhoto } from '../../../pwa/share-target';
import { useSharedPhotoFlow } from '../../../pwa/use-shared-photo-flow';

/** `choose` answers whether the photo was taken. `chosen`: the chosen photo is the shared one. */
export function useSharedPhoto(choose: (photo: File) => Promise<boolean>) {
  const shared = useSharedPhotoFlow();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(false);
  // The plain page: the flow's hook deletes the photo as the address loses `?shared=1`.
  const leave = useCallback(() => {
    setChosen(false);
    navigate('/upload', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!shared) return;
    let current = true;
    void readSharedPhoto().then(async (photo) => {
      if (!current) return; // React's development double effect: the second run chooses it.
      if (photo && (await choose(photo))) {
        if (current) setChosen(true);
        return;
      }
      // Refused, the choice says why; missing (no service worker took the share, or storage refused it): say so.
      if (!photo && current) toast(messages.sharedPhotoMissing);
      if (current) leave();
    });
    return () => {
      current = false;
    };
  }, [shared, choose, leave]);

  return { chosen: shared && chosen, leave };
}
