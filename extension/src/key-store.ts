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
const BACKUP_KEY = "backupKey";

function opened(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("The key store could not be opened"));
  });
}

async function inStore(factory: IDBFactory, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  const database = await opened(factory);
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error("The key store refused the change"));
    });
  } finally {
    database.close();
  }
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
