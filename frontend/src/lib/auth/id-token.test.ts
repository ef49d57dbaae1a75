import { describe, expect, it } from 'vitest';
import { idToken } from './id-token';

describe('the ID token seam', () => {
  it('fails loudly while nothing provides the token, instead of sending requests signed out', async () => {
    await expect(idToken()).rejects.toThrow(/No ID token source/);
  });

  it('is provided by auth-session.ts as soon as that module loads (a visitor has no token)', async () => {
    await import('./auth-session');
    await expect(idToken()).resolves.toBeNull();
  });
});
