import type { WindowsApi } from "../../src/browser-api";
import type { TabActions } from "./tabs";
import type { WindowRecord } from "./types";
import type { FakeWorld } from "./world";

/** `windows`, which Firefox for Android lacks. */
export function windowsApi(world: FakeWorld, { createTab }: Pick<TabActions, "createTab">): WindowsApi | undefined {
  if (world.shape === "firefox_android") return undefined;
  return {
    getAll: async ({ populate }) => [...world.windows.values()].map((record) => world.windowOf(record, populate === true)),
    get: async (windowId, options) => {
      const record = world.windows.get(windowId);
      if (!record) throw new Error(`No window with id: ${windowId}.`);
      return world.windowOf(record, options?.populate === true);
    },
    create: async (properties) => {
      // As Firefox says it; Chromium refuses too when private browsing is off.
      if (properties.incognito && !world.allowedInPrivate) throw new Error("Extension does not have permission for incognito mode");
      if (properties.incognito && world.privateBrowsingDisabled) throw new Error("Incognito mode is disabled.");
      const hasBounds = properties.left !== undefined || properties.top !== undefined || properties.width !== undefined || properties.height !== undefined;
      if (hasBounds && properties.state && properties.state !== "normal") throw new Error(`Invalid value for state: '${properties.state}' cannot be used with bounds`);
      world.createdWindows.push(properties);
      const id = world.newId();
      const record: WindowRecord = {
        id,
        state: properties.state ?? "normal",
        focused: true,
        incognito: properties.incognito === true,
        type: "normal",
        left: properties.left ?? 0,
        top: properties.top ?? 0,
        width: properties.width ?? 1000,
        height: properties.height ?? 700,
      };
      world.windows.set(id, record);
      world.events.windowCreated.fire(world.windowOf(record, false));
      const url = Array.isArray(properties.url) ? properties.url[0] : properties.url;
      await createTab({ windowId: id, url: url ?? "about:newtab", active: true });
      world.created.pop();
      return world.windowOf(record, true);
    },
    update: async (windowId, properties) => {
      const record = world.windows.get(windowId);
      if (!record) throw new Error(`No window with id: ${windowId}.`);
      if (properties.state) record.state = properties.state;
      if (properties.focused) for (const window of world.windows.values()) window.focused = window.id === windowId;
      return world.windowOf(record, false);
    },
    onCreated: world.events.windowCreated,
    onRemoved: world.events.windowRemoved,
    onFocusChanged: world.events.windowFocus,
  };
}
