import type { StorageArea } from "./browser-api";

/**
 * Where the extension keeps the unlocked backup key (decision 220): a non-extractable `CryptoKey` in the extension's
 * own IndexedDB. Content scripts run with the page's origin, so neither they nor the page can read it, unlike
 * `storage.local`; and nothing in the extension can export the key's bytes again, it can only seal and open with it.
 */
export interface KeyStore {
  get(): Promise<CryptoKey | null>;
  /** Keeps `key`, or forgets the one kept (null). */
  set(key: CryptoKey | null): Promise<void>;
}

const DATABASE = "tabvault-keys";
const STORE = "keys";
/** Version 2 added the device token's store (decision 225). */
const SECRETS = "secrets";
const BACKUP_KEY = "backupKey";

function opened(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE, 2);
    request.onupgradeneeded = () => {
      for (const name of [STORE, SECRETS]) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("The key store could not be opened"));
  });
}

async function inStore(factory: IDBFactory, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest | void, store = STORE): Promise<unknown> {
  const database = await opened(factory);
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const transaction = database.transaction(store, mode);
      const request = work(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(request?.result);
      transaction.onerror = () => reject(transaction.error ?? new Error("The key store refused the change"));
    });
  } finally {
    database.close();
  }
}

/**
 * The extension's secrets other than the key (the device token, decision 225) as a storage area in the same IndexedDB:
 * out of the content scripts' reach like the key, and kept across browser restarts, which `storage.session` is not.
 */
export function indexedDbSecretArea(factory: IDBFactory = globalThis.indexedDB): StorageArea {
  const names = (keys: string | string[]) => (Array.isArray(keys) ? keys : [keys]);
  return {
    async get(keys) {
      const wanted = keys === undefined || keys === null ? null : names(keys);
      const all = await inStore(factory, "readonly", (store) => store.getAllKeys(), SECRETS);
      const found: Record<string, unknown> = {};
      for (const key of (Array.isArray(all) ? all : []).map(String).filter((key) => wanted === null || wanted.includes(key))) {
        found[key] = await inStore(factory, "readonly", (store) => store.get(key), SECRETS);
      }
      return found;
    },
    async set(items) {
      await inStore(factory, "readwrite", (store) => void Object.entries(items).forEach(([key, value]) => store.put(value, key)), SECRETS);
    },
    async remove(keys) {
      await inStore(factory, "readwrite", (store) => void names(keys).forEach((key) => store.delete(key)), SECRETS);
    },
  };
}

/** The key store in this extension's IndexedDB (`factory`: the browser's `indexedDB`). */
export function indexedDbKeyStore(factory: IDBFactory = globalThis.indexedDB): KeyStore {
  return {
    async get() {
      const value = await inStore(factory, "readonly", (store) => store.get(BACKUP_KEY));
      return value instanceof CryptoKey ? value : null;
    },
    async set(key) {
      await inStore(factory, "readwrite", (store) => (key ? store.put(key, BACKUP_KEY) : store.delete(BACKUP_KEY)));
    },
  };
}

/** A key store in memory, for tests that build the extension's parts by hand. */
export function memoryKeyStore(): KeyStore {
  let kept: CryptoKey | null = null;
  return {
    get: async () => kept,
    set: async (key) => {
      kept = key;
    },
  };
}
