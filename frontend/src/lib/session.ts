/**
 * The visitor's browser-local values: the session token the server issued (it owns anonymous
 * uploads; the server signs it, so a browser cannot pick or guess another's), and the id of the
 * last temporary upload. Both are cleared together.
 */
import { routes } from '@shared/api';
import { type VisitorSession, visitorSessionSchema } from '@shared/schemas/session';
import { type KeyValueStore, memoryStorage, writableBrowserStorage } from './browser-storage';

const TOKEN_KEY = 'lf.session';
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
  starting = undefined;
}

function stored(): VisitorSession | null {
  try {
    const parsed = visitorSessionSchema.safeParse(JSON.parse(current().getItem(TOKEN_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const isPast = (iso: string) => Date.parse(iso) <= Date.now();

let starting: Promise<string> | undefined;

/**
 * The token to send, asking the server for one on first need and renewing it after a day of use
 * (one request at a time, however many calls wait). A renewal that fails keeps the token in hand
 * while it is still valid; a first start that fails rejects (the call cannot be made without one).
 */
export function sessionToken(): Promise<string> {
  const held = stored();
  if (held && !isPast(held.renewAfter)) return Promise.resolve(held.token);
  starting ??= start(held).finally(() => {
    starting = undefined;
  });
  return starting;
}

async function start(held: VisitorSession | null): Promise<string> {
  try {
    const response = await fetch(routes.startSession.path, {
      method: routes.startSession.method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token: held?.token }),
      credentials: 'same-origin',
    });
    const body: unknown = await response.json().catch(() => null);
    const parsed = visitorSessionSchema.safeParse(body);
    if (!response.ok || !parsed.success) throw new SessionStartError(response.status, serverMessageOf(body));
    current().setItem(TOKEN_KEY, JSON.stringify(parsed.data));
    return parsed.data.token;
  } catch (error) {
    if (held && !isPast(held.expiresAt)) return held.token;
    throw error instanceof SessionStartError ? error : new SessionStartError(0);
  }
}

/** No token could be had: `status` 0 when the network failed, 429 when this network started too many. */
export class SessionStartError extends Error {
  constructor(
    readonly status: number,
    /** The server's reason, meant for the user. */
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? `Could not start a visitor session (${status || 'network'})`);
    this.name = 'SessionStartError';
  }
}

function serverMessageOf(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** The server refused the token (expired, or signed with a key since replaced): start afresh. */
export function forgetSessionToken(): void {
  current().removeItem(TOKEN_KEY);
}

export function lastTempUploadId(): string | null {
  return current().getItem(LAST_TEMP_UPLOAD_KEY);
}

export function setLastTempUploadId(id: string): void {
  current().setItem(LAST_TEMP_UPLOAD_KEY, id);
}

/** Session reset: forget the session and the last temporary upload. */
export function clearSession(): void {
  current().removeItem(TOKEN_KEY);
  current().removeItem(LAST_TEMP_UPLOAD_KEY);
}
