import { describe, expect, it } from 'vitest';
import { hasStoredSignIn } from './stored-session';

function storage(entries: Record<string, string>) {
  const keys = Object.keys(entries);
  return {
    length: keys.length,
    key: (i: number) => keys[i] ?? null,
    getItem: (k: string) => entries[k] ?? null,
  };
}

describe('hasStoredSignIn', () => {
  it("sees Amplify's last-user key", () => {
    expect(
      hasStoredSignIn(
        storage({ 'lf.sessionId': 'x', 'CognitoIdentityServiceProvider.client123.LastAuthUser': 'sub-1' }),
      ),
    ).toBe(true);
  });

  it('ignores other keys, empty values and missing storage', () => {
    expect(hasStoredSignIn(storage({ 'lf.sessionId': 'x' }))).toBe(false);
    expect(hasStoredSignIn(storage({ 'CognitoIdentityServiceProvider.c.LastAuthUser': '' }))).toBe(false);
    expect(hasStoredSignIn(storage({ 'CognitoIdentityServiceProvider.c.sub.idToken': 'jwt' }))).toBe(false);
    expect(hasStoredSignIn(undefined)).toBe(false);
  });
});
