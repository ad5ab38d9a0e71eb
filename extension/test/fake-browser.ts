/**
 * The fake browser the extension's tests run against, one file per browser API under ./fake-browser/: `FakeWorld`
 * holds the windows, tabs and groups and does what a person does; `world.api()` is what the extension sees.
 */
export { fakeBrowser } from "wxt/testing/fake-browser";
export { FIREFOX_GROUP_ID_BASE, type Shape, type SyncedDeviceSpec, type TabSpec } from "./fake-browser/types";
export { FakeWorld } from "./fake-browser/world";
