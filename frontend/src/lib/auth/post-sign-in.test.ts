import { isSafeReturnPath } from '@shared/rules/return-path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_RETURN_TO_KEY,
  CHECKOUT_REDIRECT_KEY,
  rememberAuthReturn,
  setRedirectStore,
  takeAuthRedirects,
} from './auth-redirect';
import { pathAfterSignIn, runPostSignIn } from './post-sign-in';

const A = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const B = '9b2d4c6e-1a3f-4e5d-8c7b-6a5f4e3d2c1b';

function mapStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
}

describe('pathAfterSignIn', () => {
  const none = { authReturnTo: null, checkoutRedirect: null };

  it('goes to the first migrated upload when the parent came from a results page', () => {
    const redirects = { authReturnTo: `/result/${B}?temp=true`, checkoutRedirect: null };
    expect(pathAfterSignIn(redirects, [{ upload_id: A }])).toBe(`/result/${A}`);
  });

  it('prefers the migrated upload the parent was looking at', () => {
    const redirects = { authReturnTo: `/result/${B}?temp=true`, checkoutRedirect: null };
    expect(pathAfterSignIn(redirects, [{ upload_id: A }, { upload_id: B }])).toBe(`/result/${B}`);
  });

  it('goes back to the saved checkout when nothing came back from a results page', () => {
    const redirects = { authReturnTo: `/result/${A}?temp=true`, checkoutRedirect: `/result/${A}?temp=true` };
    expect(pathAfterSignIn(redirects, [])).toBe(`/result/${A}?temp=true`);
  });

  it('returns to a page that required sign-in', () => {
    expect(pathAfterSignIn({ authReturnTo: '/my-photos', checkoutRedirect: null }, [])).toBe('/my-photos');
  });

  it('lands on /upload otherwise', () => {
    expect(pathAfterSignIn(none, [])).toBe('/upload');
    expect(pathAfterSignIn(none, [{ upload_id: A }])).toBe('/upload');
    expect(pathAfterSignIn({ authReturnTo: '/auth', checkoutRedirect: null }, [])).toBe('/upload');
  });

  it('lands on /upload when migration failed, whatever was saved', () => {
    expect(pathAfterSignIn({ authReturnTo: `/result/${A}`, checkoutRedirect: '/pricing' }, null)).toBe(
      '/upload',
    );
  });
});

describe('auth redirects', () => {
  let store: ReturnType<typeof mapStore>;
  beforeEach(() => {
    store = mapStore();
    setRedirectStore(store);
  });

  it('saves authReturnTo, and checkout_redirect for a checkout, under their storage names', () => {
    rememberAuthReturn('/my-photos');
    expect(Object.fromEntries(store.values)).toEqual({ [AUTH_RETURN_TO_KEY]: '/my-photos' });
    rememberAuthReturn(`/result/${A}?temp=true`, { checkout: true });
    expect(store.values.get('authReturnTo')).toBe(`/result/${A}?temp=true`);
    expect(store.values.get('checkout_redirect')).toBe(`/result/${A}?temp=true`);
    expect(CHECKOUT_REDIRECT_KEY).toBe('checkout_redirect');
  });

  it('hands the values out once', () => {
    rememberAuthReturn('/pricing', { checkout: true });
    expect(takeAuthRedirects()).toEqual({ authReturnTo: '/pricing', checkoutRedirect: '/pricing' });
    expect(takeAuthRedirects()).toEqual({ authReturnTo: null, checkoutRedirect: null });
    expect(store.values.size).toBe(0);
  });

  it('never keeps or returns a path off this site', () => {
    for (const path of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'result']) {
      expect(isSafeReturnPath(path)).toBe(false);
    }
    rememberAuthReturn('//evil.example/x', { checkout: true });
    expect(store.values.size).toBe(0);
    store.values.set(AUTH_RETURN_TO_KEY, 'https://evil.example');
    expect(takeAuthRedirects().authReturnTo).toBeNull();
  });
});

describe('runPostSignIn', () => {
  beforeEach(() => setRedirectStore(mapStore()));

  it('migrates, uses up the redirects and returns the path', async () => {
    rememberAuthReturn(`/result/${A}?temp=true`, { checkout: true });
    const migrate = vi.fn(async () => ({ migrated: [{ upload_id: A }] }));
    expect(await runPostSignIn(migrate)).toEqual({ path: `/result/${A}`, migrated: 1 });
    expect(migrate).toHaveBeenCalledOnce();
    expect(takeAuthRedirects()).toEqual({ authReturnTo: null, checkoutRedirect: null });
  });

  it('goes to /upload when migration fails, and still clears the redirects', async () => {
    rememberAuthReturn(`/result/${A}`, { checkout: true });
    const result = await runPostSignIn(async () => {
      throw new Error('offline');
    });
    expect(result).toEqual({ path: '/upload', migrated: 0 });
    expect(takeAuthRedirects()).toEqual({ authReturnTo: null, checkoutRedirect: null });
  });
});
