/**
 * Saving a keepsake: on a desktop the file downloads ("Image downloaded successfully!");
 * on a phone the image opens in a new tab with a 5-second hint to hold it and save it to Photos,
 * or, when the browser blocks the tab, "Please allow pop-ups to download images".
 */
import { messages } from '@shared/messages';
import { toast } from 'sonner';

export const MOBILE_BREAKPOINT_PX = 768;
const PHONE_HINT_MS = 5000;

export function downloadKeepsake(
  view: { url: string; downloadUrl: string; fileName: string },
  { downloaded = messages.imageDownloaded }: { downloaded?: string } = {},
): void {
  try {
    if (window.innerWidth < MOBILE_BREAKPOINT_PX) {
      // Not 'noopener': with it, window.open answers null even when the tab opened.
      const tab = window.open(view.url, '_blank');
      if (!tab) {
        toast.error(messages.allowPopups);
        return;
      }
      tab.opener = null;
      toast(messages.saveToPhotosHint, { duration: PHONE_HINT_MS });
      return;
    }
    const link = document.createElement('a');
    link.href = view.downloadUrl;
    link.download = view.fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    toast.success(downloaded);
  } catch {
    toast.error(messages.imageDownloadFailed);
  }
}
