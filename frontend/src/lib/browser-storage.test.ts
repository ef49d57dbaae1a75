import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage, forgivingStore, memoryStorage, writableBrowserStorage } from './browser-storage';

function refusing(): Storage {
  const fail = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return { length: 0, clear: fail, key: fail, getItem: fail, setItem: fail, removeItem: fail };
}

describe('browser storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is undefined where the browser has none or refuses access', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(browserStorage('localStorage')).toBeUndefined();
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('Access is denied', 'SecurityError');
      },
    });
    expect(browserStorage('sessionStorage')).toBeUndefined();
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('is writable only when a write goes through, and leaves no probe behind', () => {
    const working = { ...memoryStorage(), length: 0, clear: () => {}, key: () => null };
    const setItem = vi.spyOn(working, 'setItem');
    vi.stubGlobal('localStorage', working);
    expect(writableBrowserStorage('localStorage')).toBe(working);
    expect(setItem).toHaveBeenCalledOnce();
    expect(working.getItem(setItem.mock.calls[0][0])).toBeNull();

    vi.stubGlobal('localStorage', refusing());
    expect(browserStorage('localStorage')).toBeDefined();
    expect(writableBrowserStorage('localStorage')).toBeUndefined();
  });

  it('keeps values in memory for the tab', () => {
    const store = memoryStorage();
    store.setItem('k', 'v');
    expect(store.getItem('k')).toBe('v');
    store.removeItem('k');
    expect(store.getItem('k')).toBeNull();
  });

  it('forgives: a refusing or missing store reads null and drops writes, a working one is used', () => {
    for (const broken of [forgivingStore(refusing), forgivingStore(() => undefined)]) {
      expect(() => broken.setItem('k', 'v')).not.toThrow();
      expect(() => broken.removeItem('k')).not.toThrow();
      expect(broken.getItem('k')).toBeNull();
    }
    const backing = memoryStorage();
    const store = forgivingStore(() => backing);
    store.setItem('k', 'v');
    expect(backing.getItem('k')).toBe('v');
    expect(store.getItem('k')).toBe('v');
  });
});
