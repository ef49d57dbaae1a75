/**
 * The one way into localStorage and sessionStorage. Browsers throw from both (privacy modes,
 * storage disabled by policy, a full quota) or lack them (tests), and no stored value here is worth
 * breaking a page for: each helper turns those failures into "nothing stored".
 */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type StorageArea = 'localStorage' | 'sessionStorage';

/** The browser's storage area; undefined where it is missing or refuses access. */
export function browserStorage(area: StorageArea): Storage | undefined {
  try {
    return globalThis[area] ?? undefined;
  } catch {
    return undefined;
  }
}

/** Like browserStorage, but only when a write goes through too (some private modes refuse every write). */
export function writableBrowserStorage(area: StorageArea): Storage | undefined {
  const storage = browserStorage(area);
  try {
    const probe = '__lf_probe__';
    storage?.setItem(probe, probe);
    storage?.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}

/** Values that live as long as this tab: the stand-in where the browser refuses storage. */
export function memoryStorage(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** A store whose calls never throw: a failed or impossible read is null, a failed write is dropped. */
export function forgivingStore(store: () => KeyValueStore | undefined): KeyValueStore {
  const attempt = <T>(action: (target: KeyValueStore) => T, fallback: T): T => {
    try {
      const target = store();
      return target ? action(target) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    getItem: (key) => attempt((target) => target.getItem(key), null),
    setItem: (key, value) => attempt((target) => target.setItem(key, value), undefined),
    removeItem: (key) => attempt((target) => target.removeItem(key), undefined),
  };
}
