import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, lastTempUploadId, setLastTempUploadId, setSessionStore } from './session';

function mapStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
}

// Starting, renewing and adopting sessions go through the server: api-client.test.ts.
describe('session', () => {
  let store: ReturnType<typeof mapStore>;
  beforeEach(() => {
    store = mapStore();
    setSessionStore(store);
  });

  it('remembers the last temporary upload', () => {
    expect(lastTempUploadId()).toBeNull();
    setLastTempUploadId('abc');
    expect(lastTempUploadId()).toBe('abc');
  });

  it('clears the session token and the last upload together', () => {
    store.values.set('lf.session', '{"token":"t"}');
    setLastTempUploadId('abc');
    clearSession();
    expect(lastTempUploadId()).toBeNull();
    expect(store.values.size).toBe(0);
  });
});
