/**
 * A visitor's session as a token the server signs: `<session id>.<issued at, epoch seconds in
 * base 36>.<HMAC-SHA256 of both, base64url>`. The browser cannot choose its session (a fresh id per
 * request would have escaped every quota) nor present another's without its token, and the server
 * keeps no session items: the signature and the age are the whole check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { VISITOR_SESSION } from '@shared/deployment';
import { isUuid } from '@shared/rules/ids';
import type { Clock } from '../ports';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A token "issued" later than this ahead of our clock is not ours (clocks of Lambdas agree closely). */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Tokens are short; anything longer is junk, refused before any hashing. */
export const MAX_TOKEN_LENGTH = 128;

export type SessionClaims = { sessionId: string; issuedAt: Date };
export type IssuedSession = { token: string; renewAfter: string; expiresAt: string };

const signatureOf = (key: string, payload: string) =>
  createHmac('sha256', key).update(`visitor-session.v1.${payload}`).digest('base64url');

/** A token for `sessionId` issued at `now`, with when the browser should renew it and when it dies. */
export function signSessionToken(key: string, sessionId: string, now: Date): IssuedSession {
  const payload = `${sessionId.toLowerCase()}.${Math.floor(now.getTime() / 1000).toString(36)}`;
  return {
    token: `${payload}.${signatureOf(key, payload)}`,
    renewAfter: new Date(now.getTime() + VISITOR_SESSION.renewAfterHours * HOUR_MS).toISOString(),
    expiresAt: new Date(now.getTime() + VISITOR_SESSION.lifetimeDays * DAY_MS).toISOString(),
  };
}

/** The session a token names, when `key` signed it and it has not expired; otherwise null. */
export function readSessionToken(key: string, token: unknown, now: Date): SessionClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [sessionId, issued, signature] = parts;
  if (!isUuid(sessionId) || sessionId !== sessionId.toLowerCase() || !/^[0-9a-z]{1,10}$/.test(issued))
    return null;
  const expected = Buffer.from(signatureOf(key, `${sessionId}.${issued}`));
  const sent = Buffer.from(signature);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  const issuedAt = new Date(Number.parseInt(issued, 36) * 1000);
  const age = now.getTime() - issuedAt.getTime();
  if (age < -CLOCK_SKEW_MS || age >= VISITOR_SESSION.lifetimeDays * DAY_MS) return null;
  return { sessionId, issuedAt };
}

/** Signs and reads visitor tokens with the deployment's session key (read once, when first needed). */
export interface VisitorSessions {
  issue(sessionId: string): Promise<IssuedSession>;
  /** The session of a token this deployment signed and that has not expired; otherwise null. */
  verify(token: string): Promise<SessionClaims | null>;
}

/** `key`: the signing secret, fetched on first use (Secrets Manager in AWS, configuration locally). */
export function createVisitorSessions(key: () => Promise<string>, clock: Clock): VisitorSessions {
  return {
    issue: async (sessionId) => signSessionToken(await key(), sessionId, clock.now()),
    verify: async (token) => readSessionToken(await key(), token, clock.now()),
  };
}
