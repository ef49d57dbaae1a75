/**
 * Whether the header offers sign-in: the deployer may hide Login and the account buttons
 * (HIDE_AUTH_BUTTONS; GET /api/config says so), while /auth and the account pages still open by URL.
 * The answer is remembered in this browser, so a returning visitor's header never shows the buttons
 * before the config arrives; without a remembered answer they show, as by default, until it says
 * otherwise (docs/product.md#routes-and-header).
 */
import { useSyncExternalStore } from 'react';
import { callApi } from '../api-client';
import { browserStorage } from '../browser-storage';

const REMEMBERED = 'lf.authButtonsHidden';

function remembered(): boolean {
  try {
    return browserStorage('localStorage')?.getItem(REMEMBERED) === 'true';
  } catch {
    return false;
  }
}

let hidden = remembered();
const listeners = new Set<() => void>();

function setHidden(next: boolean): void {
  try {
    if (next) browserStorage('localStorage')?.setItem(REMEMBERED, 'true');
    else browserStorage('localStorage')?.removeItem(REMEMBERED);
  } catch {
    // A browser that refuses the write only loses the memory: this page still follows the config.
  }
  if (next === hidden) return;
  hidden = next;
  for (const listener of listeners) listener();
}

/** Asks the deployment once per app start; a failed request keeps what is shown. */
export async function learnAuthButtons(): Promise<void> {
  try {
    setHidden((await callApi('getClientConfig')).hideAuthButtons);
  } catch {
    // The buttons only open pages that work by URL anyway: nothing to tell the visitor.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Prerendered HTML holds no auth buttons either way (auth-store.ts): its snapshot says shown. */
export function useAuthButtonsShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !hidden,
    () => true,
  );
}
