import type { SyncedDevicesStatus } from "../messages";
import { ago, h, plural } from "./dom";

export const SYNCED_DEVICES_TITLE = "Your other devices";

/** Firefox lists no other device's tabs to extensions (no `sessions.getDevices`): said plainly (decision 219). */
export const SYNC_UNSUPPORTED =
  "This browser cannot read your other devices' tabs: only Chrome and other Chromium browsers share synced tabs with extensions. A phone's Chrome tabs are protected by TabVault in Chrome on a computer.";

/** Chromium that lists no device: how to turn on open-tab sync (decision 219). */
export const SYNC_OFF =
  "No other device's tabs reach this browser. To protect your phone's Chrome tabs here, sign in to Chrome with the same Google account on the phone and in this browser, and turn on Open tabs under Sync in Chrome's settings on both.";

/** What the popup says of the other devices protected through the browser's sync. */
export function syncedDevicesSection(status: SyncedDevicesStatus): HTMLElement {
  const section = h("section", { ariaLabel: SYNCED_DEVICES_TITLE }, h("h2", {}, SYNCED_DEVICES_TITLE));
  if (status.state === "unsupported") section.append(h("p", { class: "muted" }, SYNC_UNSUPPORTED));
  else if (status.state === "none") section.append(h("p", { class: "muted" }, SYNC_OFF));
  else {
    section.append(
      h("p", { class: "muted" }, "Read through Chrome's tab sync: when a device's tabs are all closed, the last ones go up as its emergency backup."),
      h("ul", {}, ...status.devices.map((device) => h("li", {}, `${device.name} · ${plural(device.tabCount, "tab")} · changed ${ago(device.changedAt)}`))),
    );
  }
  return section;
}
