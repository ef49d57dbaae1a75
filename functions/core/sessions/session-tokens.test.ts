import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSessionToken, signSessionToken } from './session-tokens';

const KEY = 'a-visitor-session-key-of-forty-characters';
const SID = '0b6f6e2c-4d0a-4c4e-9a37-1f2d3c4b5a69';
const NOW = new Date('2030-01-15T10:00:00.000Z');
const DAY = 86_400_000;

describe('visitor session tokens', () => {
  it('read back the session they were signed for, for 31 days, renewable after one', () => {
    const issued = signSessionToken(KEY, SID.toUpperCase(), NOW);
    expect(issued.renewAfter).toBe('2030-01-16T10:00:00.000Z');
    expect(issued.expiresAt).toBe('2030-02-15T10:00:00.000Z');
    expect(readSessionToken(KEY, issued.token, NOW)).toEqual({ sessionId: SID, issuedAt: NOW });
    expect(readSessionToken(KEY, issued.token, new Date(NOW.getTime() + 31 * DAY - 1000))).not.toBeNull();
  });

  it('refuse an expired token, one from the future, and one signed with another key', () => {
    const { token } = signSessionToken(KEY, SID, NOW);
    expect(readSessionToken(KEY, token, new Date(NOW.getTime() + 31 * DAY))).toBeNull();
    expect(readSessionToken(KEY, token, new Date(NOW.getTime() - 10 * 60_000))).toBeNull();
    expect(readSessionToken(`${KEY}-rotated`, token, NOW)).toBeNull();
  });

  it('cannot be moved to another session or issue date without the key', () => {
    const { token } = signSessionToken(KEY, SID, NOW);
    const [, issued, signature] = token.split('.');
    const other = crypto.randomUUID();
    expect(readSessionToken(KEY, `${other}.${issued}.${signature}`, NOW)).toBeNull();
    const later = Math.floor(NOW.getTime() / 1000 + 86_400).toString(36);
    expect(readSessionToken(KEY, `${SID}.${later}.${signature}`, NOW)).toBeNull();
  });

  it('refuse anything that is not a token they made, without throwing', () => {
    const { token } = signSessionToken(KEY, SID, NOW);
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (junk) => {
        expect(readSessionToken(KEY, junk, NOW)).toBeNull();
      }),
    );
    // Any single changed character of a real token.
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.string({ minLength: 1, maxLength: 1 }), (at, c) => {
        if (token[at] === c) return;
        const changed = token.slice(0, at) + c + token.slice(at + 1);
        expect(readSessionToken(KEY, changed, NOW)).toBeNull();
      }),
    );
    for (const value of [undefined, 42, 'x'.repeat(500), `${SID}.0.`, SID]) {
      expect(readSessionToken(KEY, value, NOW)).toBeNull();
    }
  });
});
