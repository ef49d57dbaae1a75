import { isUuid } from '@shared/rules/ids';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  lastTempUploadId,
  randomUuid,
  sessionId,
  setLastTempUploadId,
  setSessionStore,
} from './session';

function mapStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
}

describe('session', () => {
  let store: ReturnType<typeof mapStore>;
  beforeEach(() => {
    store = mapStore();
    setSessionStore(store);
  });

  it('creates a v4 UUID session id on first need and keeps it', () => {
    expect(store.values.size).toBe(0);
    const id = sessionId();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('4');
    expect(sessionId()).toBe(id);
    expect([...store.values.values()]).toContain(id);
  });

  it('remembers the last temporary upload', () => {
    expect(lastTempUploadId()).toBeNull();
    setLastTempUploadId('abc');
    expect(lastTempUploadId()).toBe('abc');
  });

  it('clears the session id and the last upload together', () => {
    const first = sessionId();
    setLastTempUploadId('abc');
    clearSession();
    expect(lastTempUploadId()).toBeNull();
    expect(store.values.size).toBe(0);
    expect(sessionId()).not.toBe(first);
  });

  it('makes distinct RFC 4122 ids', () => {
    const ids = new Set(Array.from({ length: 200 }, randomUuid));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(isUuid(id)).toBe(true);
  });
});
