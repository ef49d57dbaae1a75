/**
 * "Save to Camera Roll": fetches short-lived links to every unlocked HD image and delivers them the
 * way the screen suits (see save-hd.ts). HD downloads need a signed-in parent: a
 * visitor's page is saved as `checkout_redirect` and they go to /auth.
 */
import { messages } from '@shared/messages';
import type { HdFile } from '@shared/schemas/payments';
import { useState } from 'react';
import { toast } from 'sonner';
import { callApi, errorMessage } from '../../../lib/api-client';
import { getAuthState } from '../../../lib/auth/auth-store';
import { useSendToSignIn } from '../../../lib/auth/use-send-to-sign-in';
import { openTab } from '../../../lib/checkout/open-tab';
import {
  dispositionFor,
  downloadOneByOne,
  type SaveMode,
  saveMode,
  showInTab,
  showPreparing,
  startFrameDownload,
} from '../save-hd';

/** Mobile save hint, shown for 5 s, and the blank tab's text while the links load. */
const SAVE_HINT_MS = 5000;
const PREPARING_HD = 'Preparing your HD photos…';

export function useSaveHd(uploadId: string) {
  const sendToSignIn = useSendToSignIn();
  const [busy, setBusy] = useState(false);

  const deliver = async (mode: SaveMode, tab: Window | null) => {
    let files: HdFile[];
    try {
      ({ files } = await callApi('downloadHd', {
        params: { uploadId },
        body: { disposition: dispositionFor(mode) },
      }));
    } catch (error) {
      tab?.close();
      toast.error(errorMessage(error, messages.downloadFailed));
      return;
    }
    if (files.length === 0) {
      tab?.close();
      toast.error(messages.noHdToDownload);
      return;
    }
    if (tab) {
      try {
        showInTab(tab, files, messages.saveToPhotosHint);
        toast(messages.saveToPhotosHint, { duration: SAVE_HINT_MS });
      } catch {
        tab.close();
        toast.error(messages.imageDownloadFailed);
      }
      return;
    }
    await downloadOneByOne(files, (file) => startFrameDownload(file));
    toast.success(messages.imageDownloaded);
  };

  const save = () => {
    if (busy) return;
    if (getAuthState().status === 'signedOut') {
      sendToSignIn({ checkout: true });
      return;
    }
    const mode = saveMode(window.innerWidth);
    // The tab must open inside the click, before any await, or popup blockers refuse it.
    const tab = mode === 'tab' ? openTab('') : null;
    if (mode === 'tab') {
      if (!tab) {
        toast.error(messages.allowPopups);
        return;
      }
      showPreparing(tab, PREPARING_HD);
    }
    setBusy(true);
    void deliver(mode, tab).finally(() => setBusy(false));
  };

  return { save, busy };
}
