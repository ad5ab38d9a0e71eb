import type { SessionsApi, SyncedDevice } from "../../src/browser-api";
import type { TabActions } from "./tabs";
import type { SyncedDeviceSpec } from "./types";
import type { FakeWorld } from "./world";

/** `sessions`: the recently-closed list, and on Chromium the person's other devices. Firefox for Android lacks it. */
export function sessionsApi(world: FakeWorld, { createTab }: Pick<TabActions, "createTab">): SessionsApi | undefined {
  if (world.shape === "firefox_android") return undefined;
  return {
    getRecentlyClosed: async (filter) => world.closed.slice(0, filter?.maxResults ?? 25),
    restore: async (sessionId) => {
      const entry = world.closed.find((item) => item.window?.sessionId === sessionId || item.tab?.sessionId === sessionId);
      if (!entry) throw new Error(`Could not restore object using sessionId ${sessionId}.`);
      world.closed = world.closed.filter((item) => item !== entry);
      if (entry.window) {
        const tabs = entry.window.tabs ?? [];
        world.openWindow(tabs.map((tab) => ({ url: tab.url ?? "", title: tab.title, pinned: tab.pinned, active: tab.active })));
      } else if (entry.tab) {
        await createTab({ windowId: world.windows.has(entry.tab.windowId) ? entry.tab.windowId : undefined, url: entry.tab.url, active: false });
      }
      return entry;
    },
    ...(world.shape === "chromium"
      ? { getDevices: async (filter?: { maxResults?: number }) => devicesAnswer(world.syncedDevices, filter?.maxResults), onChanged: world.events.sessionsChanged }
      : { onChanged: world.events.sessionsChanged }),
  };
}

/** Chrome's answer to `sessions.getDevices()` for the devices a test set up (`FakeWorld.syncedDevices`). */
function devicesAnswer(devices: SyncedDeviceSpec[], maxResults = 25): SyncedDevice[] {
  let tag = 0;
  return devices
    .filter((device) => device.windows.some((tabs) => tabs.length > 0))
    .map((device) => ({
      deviceName: device.deviceName,
      sessions: device.windows
        .filter((tabs) => tabs.length > 0)
        .slice(0, maxResults)
        .map((tabs, windowIndex) => {
          tag += 1;
          const sessionId = `${device.deviceName}.${tag}`;
          return {
            lastModified: Math.floor(device.lastModified / 1000) - windowIndex,
            window: {
              sessionId,
              focused: false,
              incognito: false,
              alwaysOnTop: false,
              state: "normal" as const,
              type: "normal",
              tabs: tabs.map((spec, index) => {
                const tab = typeof spec === "string" ? { url: spec } : spec;
                return { sessionId: `${sessionId}.${index}`, windowId: -1, index, url: tab.url, title: tab.title ?? tab.url, pinned: tab.pinned ?? false, active: tab.active ?? index === 0, incognito: false, highlighted: false, selected: false };
              }),
            },
          };
        }),
    }));
}
