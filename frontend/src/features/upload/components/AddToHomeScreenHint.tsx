/**
 * iOS Safari has no install prompt and no share target: a one-line tip on how to add the site to
 * the home screen, shown only there and only outside the installed app, until the parent dismisses it.
 */
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { browserStorage, forgivingStore } from '../../../lib/browser-storage';

const DISMISSED_KEY = 'lf.homeScreenHintDismissed';
const store = forgivingStore(() => browserStorage('localStorage'));

/** Safari on an iPhone or iPad (an iPad says "Macintosh" but has touch), not Chrome/Firefox/Edge for iOS. */
function isIosSafari(): boolean {
  const agent = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  return ios && /Safari\//.test(agent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(agent);
}

function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function AddToHomeScreenHint() {
  // Decided after hydration: the prerendered page has no browser to ask.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setVisible(isIosSafari() && !isInstalled() && store.getItem(DISMISSED_KEY) === null);
  }, []);
  if (!visible) return null;

  const dismiss = () => {
    store.setItem(DISMISSED_KEY, '1');
    setVisible(false);
  };
  return (
    <aside
      aria-label="Add to Home Screen"
      className="mb-4 flex items-center gap-2 rounded-2xl border border-violet-200 bg-violet-50 py-2 pl-4 pr-1 text-sm text-violet-950"
    >
      <p className="flex-1">
        Tip: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong> to keep Little Futures one
        tap away.
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss the tip"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-violet-900 hover:bg-violet-100 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
