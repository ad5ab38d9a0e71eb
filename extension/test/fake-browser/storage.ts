import { fakeBrowser } from "wxt/testing/fake-browser";
import type { BrowserApi, StorageArea } from "../../src/browser-api";

function storageArea(area: typeof fakeBrowser.storage.local): StorageArea {
  return {
    get: (keys) => area.get(keys ?? null) as Promise<Record<string, unknown>>,
    set: (items) => area.set(items),
    remove: (keys) => area.remove(keys),
  };
}

/** `storage`: local and session areas from @webext-core/fake-browser (WXT's testing fake), kept across a stopped worker. */
export function storageApi(): BrowserApi["storage"] {
  return {
    local: storageArea(fakeBrowser.storage.local),
    session: storageArea(fakeBrowser.storage.session),
    onChanged: fakeBrowser.storage.onChanged as unknown as BrowserApi["storage"]["onChanged"],
  };
}
