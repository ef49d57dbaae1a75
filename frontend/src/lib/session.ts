/**
 * The visitor's browser-local values (spec §3): a random session id, created on first need, that
 * owns anonymous uploads, and the id of the last temporary upload. Both are cleared together.
 */
import { type KeyValueStore, memoryStorage, writableBrowserStorage } from './browser-storage';

const SESSION_KEY = 'lf.sessionId';
const LAST_TEMP_UPLOAD_KEY = 'lf.lastTempUploadId';

let store: KeyValueStore | undefined;
// Where localStorage refuses writes, the session lives in memory for this tab.
const current = () => {
  store ??= writableBrowserStorage('localStorage') ?? memoryStorage();
  return store;
};

/** Tests swap the storage; the app never calls this. */
export function setSessionStore(next: KeyValueStore): void {
  store = next;
}

/**
 * RFC 4122 v4 from getRandomValues: crypto.randomUUID exists only in secure contexts, and a
 * phone on the LAN opens the dev server over plain http.
 */
export function randomUuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The visitor's session id, created and stored on first use. */
export function sessionId(): string {
  const existing = current().getItem(SESSION_KEY);
  if (existing) return existing;
  const id = randomUuid();
  current().setItem(SESSION_KEY, id);
  return id;
}

export function lastTempUploadId(): string | null {
  return current().getItem(LAST_TEMP_UPLOAD_KEY);
}

export function setLastTempUploadId(id: string): void {
  current().setItem(LAST_TEMP_UPLOAD_KEY, id);
}

/** Session reset: forget both the session id and the last temporary upload. */
export function clearSession(): void {
  current().removeItem(SESSION_KEY);
  current().removeItem(LAST_TEMP_UPLOAD_KEY);
}
