/**
 * The pages of a share's flow (share-target.ts): /upload, /moments and /moments/editor/{id}, each
 * with `?shared=1`. The photo stays in storage while the parent moves between them (a reload keeps
 * it) and is deleted once they leave the flow, or once the editor's photo step has used it.
 */
import { messages } from '@shared/messages';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { discardSharedPhoto, isSharedPhotoPage, readSharedPhoto, withoutSharedFlag } from './share-target';

/** Whether this page is in the flow; leaving it for an address without `?shared=1` deletes the photo. */
export function useSharedPhotoFlow(): boolean {
  const shared = isSharedPhotoPage(useLocation().search);
  useEffect(() => {
    if (!shared) return;
    return () => {
      // Read after the router has written the next address: a page of the flow keeps the photo.
      setTimeout(() => {
        if (!isSharedPhotoPage(window.location.search)) void discardSharedPhoto();
      }, 0);
    };
  }, [shared]);
  return shared;
}

/**
 * A keepsake editor's photo step on a page of the flow: the shared photo goes to `takePhoto` (the
 * same checks and background removal as a picked file), then is deleted and the address loses
 * `?shared=1`. Until `takePhoto` has finished, a reload starts the step again with the same photo.
 */
export function useSharedPhotoStep(takePhoto: (photo: File) => Promise<unknown>): void {
  const shared = useSharedPhotoFlow();
  const navigate = useNavigate();
  useEffect(() => {
    if (!shared) return;
    let current = true;
    void (async () => {
      const photo = await readSharedPhoto();
      if (!current) return; // React's development double effect: the second run hands it over.
      if (photo) await takePhoto(photo);
      else toast(messages.sharedPhotoMissing);
      await discardSharedPhoto();
      if (current)
        navigate(withoutSharedFlag(window.location.pathname, window.location.search), { replace: true });
    })();
    return () => {
      current = false;
    };
  }, [shared, takePhoto, navigate]);
}
