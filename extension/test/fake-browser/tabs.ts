import type { CreateTabProperties, Tab, TabsApi } from "../../src/browser-api";
import { hasTabGroups } from "./types";
import type { FakeWorld } from "./world";

/**
 * What GeckoView's `tabs.create` takes (mobile/android/components/extensions/schemas/tabs.json in mozilla-central):
 * no `discarded` and no `title`, which desktop Firefox takes; `openerTabId` is declared there but unsupported.
 */
const GECKOVIEW_CREATE_PROPERTIES: ReadonlySet<string> = new Set(["windowId", "index", "url", "active", "pinned", "cookieStoreId"]);
const GECKOVIEW_UNSUPPORTED_CREATE_PROPERTIES: ReadonlySet<string> = new Set(["openerTabId"]);

/**
 * Firefox checks an API call's arguments against its schema before the call runs and throws at once (not a rejected
 * promise) with these words, e.g. 'Type error for parameter createProperties (Unexpected property "discarded") for
 * tabs.create.'
 */
function geckoViewSchemaError(properties: object, accepted: ReadonlySet<string>, unsupported: ReadonlySet<string>, parameter: string, method: string): Error | null {
  for (const key of Object.keys(properties)) {
    if (unsupported.has(key)) return new Error(`Type error for parameter ${parameter} (Property "${key}" is unsupported by Firefox) for ${method}.`);
    if (!accepted.has(key)) return new Error(`Type error for parameter ${parameter} (Unexpected property "${key}") for ${method}.`);
  }
  return null;
}

/** What tabs.create, tabs.update and tabs.discard do: windows.create and sessions.restore open tabs the same way. */
export interface TabActions {
  createTab(properties: CreateTabProperties): Promise<Tab>;
  updateTab(tabId: number, properties: Parameters<TabsApi["update"]>[1]): Promise<Tab>;
  discard(tabId: number): Tab | undefined;
}

export function tabActionsOf(world: FakeWorld): TabActions {
  const firstWindowId = () => [...world.windows.keys()][0] ?? world.openWindow([]);

  const createTab = async (properties: CreateTabProperties): Promise<Tab> => {
    if (properties.discarded !== undefined && world.shape === "chromium") throw new Error("Error in invocation of tabs.create: Unexpected property: 'discarded'");
    if (properties.discarded && properties.active) throw new Error("Active tabs cannot be created and discarded.");
    if (properties.discarded && properties.pinned) throw new Error("Pinned tabs cannot be created and discarded.");
    if (properties.title !== undefined && !properties.discarded) throw new Error("Title may only be set for discarded tabs.");
    world.created.push(properties);
    const windowId = properties.windowId ?? firstWindowId();
    if (!world.windows.has(windowId)) throw new Error(`No window with id: ${windowId}.`);
    const count = world.windowTabsOf(windowId).length;
    const tab = {
      id: world.newId(),
      windowId,
      index: properties.index === undefined ? count : Math.min(properties.index, count),
      url: properties.url ?? "about:blank",
      title: properties.title ?? properties.url ?? "",
      pinned: properties.pinned ?? false,
      active: properties.active ?? true,
      incognito: world.windows.get(windowId)?.incognito === true,
      groupId: -1,
      discarded: properties.discarded ?? false,
    };
    for (const other of world.windowTabsOf(windowId)) if (other.index >= tab.index) other.index += 1;
    if (tab.active) for (const other of world.windowTabsOf(windowId)) other.active = false;
    world.tabs.push(tab);
    world.reindex(windowId);
    world.events.tabCreated.fire(world.copyTab(tab));
    const answer = world.copyTab(tab);
    if (world.discardOnCreate && world.shape === "chromium" && !tab.active) discard(tab.id);
    return answer;
  };

  const updateTab = async (tabId: number, properties: Parameters<TabsApi["update"]>[1]): Promise<Tab> => {
    const tab = world.tabs.find((item) => item.id === tabId);
    if (!tab) throw new Error(`No tab with id: ${tabId}.`);
    if (properties.pinned !== undefined) tab.pinned = properties.pinned;
    if (properties.url !== undefined) tab.url = properties.url;
    if (properties.active) for (const other of world.windowTabsOf(tab.windowId)) other.active = other.id === tabId;
    world.reindex(tab.windowId);
    world.events.tabUpdated.fire(tabId, properties, world.copyTab(tab));
    return world.copyTab(tab);
  };

  const discard = (tabId: number): Tab | undefined => {
    const tab = world.tabs.find((item) => item.id === tabId);
    if (!tab || tab.active) return undefined;
    const added = world.newId();
    world.replaced.set(tabId, added);
    tab.id = added;
    tab.discarded = true;
    return world.copyTab(tab);
  };

  return { createTab, updateTab, discard };
}

/** `tabs`, as the browser of the world's shape has it. */
export function tabsApi(world: FakeWorld, { createTab, updateTab, discard }: TabActions): TabsApi {
  const hasGroups = hasTabGroups(world.shape);
  return {
    query: async (query) => world.tabs.filter((tab) => query.windowId === undefined || tab.windowId === query.windowId).map((tab) => world.copyTab(tab)),
    get: async (tabId) => {
      const tab = world.tabs.find((item) => item.id === tabId);
      if (!tab) throw new Error(`No tab with id: ${tabId}.`);
      return world.copyTab(tab);
    },
    create: (properties) => {
      if (world.shape === "firefox_android") {
        const refused = geckoViewSchemaError(properties, GECKOVIEW_CREATE_PROPERTIES, GECKOVIEW_UNSUPPORTED_CREATE_PROPERTIES, "createProperties", "tabs.create");
        if (refused) throw refused;
        if (properties.pinned) return Promise.reject(new Error("Pinned tabs are not supported on Android."));
      }
      return createTab(properties);
    },
    update: (tabId, properties) => {
      // GeckoView declares `pinned` in tabs.update as unsupported: Firefox refuses the call before it runs.
      if (world.shape === "firefox_android" && properties.pinned !== undefined) {
        throw new Error('Type error for parameter updateProperties (Property "pinned" is unsupported by Firefox) for tabs.update.');
      }
      return updateTab(tabId, properties);
    },
    remove: async (tabIds) => {
      for (const id of Array.isArray(tabIds) ? tabIds : [tabIds]) world.closeTab(id);
    },
    move: async (tabIds, properties) => {
      const moved: Tab[] = [];
      for (const id of Array.isArray(tabIds) ? tabIds : [tabIds]) {
        const tab = world.tabs.find((item) => item.id === id);
        if (!tab) throw new Error(`No tab with id: ${id}.`);
        const others = world.windowTabsOf(tab.windowId).filter((item) => item.id !== id);
        others.splice(Math.min(properties.index, others.length), 0, tab);
        others.forEach((item, index) => {
          item.index = index;
        });
        world.reindex(tab.windowId);
        world.events.tabMoved.fire(id, {});
        moved.push(world.copyTab(tab));
      }
      return moved.length === 1 ? (moved[0] as Tab) : moved;
    },
    group: hasGroups
      ? async ({ tabIds, groupId, createProperties }) => {
          const ids = Array.isArray(tabIds) ? tabIds : [tabIds];
          const first = world.tabs.find((tab) => tab.id === ids[0]);
          if (!first) throw new Error("No tab");
          if (ids.some((id) => world.tabs.find((tab) => tab.id === id)?.pinned)) throw new Error("Cannot group pinned tabs");
          if (groupId !== undefined) {
            // Joining a group: the tabs move into its window, at its end.
            const existing = world.groups.get(groupId);
            if (!existing) throw new Error(`No group with id: ${groupId}.`);
            for (const tab of world.tabs) {
              if (!ids.includes(tab.id)) continue;
              const lastOfGroup = Math.max(-1, ...world.windowTabsOf(existing.windowId).filter((other) => other.groupId === groupId).map((other) => other.index));
              const from = tab.windowId;
              tab.windowId = existing.windowId;
              for (const other of world.windowTabsOf(existing.windowId)) if (other.id !== tab.id && other.index > lastOfGroup) other.index += 1;
              tab.index = lastOfGroup + 1;
              tab.groupId = groupId;
              world.reindex(from);
              world.reindex(existing.windowId);
            }
            return groupId;
          }
          // Without a window, Chromium groups the tabs where the first one is; Firefox moves them into a group in
          // the focused window (seen in Firefox ESR 153).
          const focused = [...world.windows.values()].find((window) => window.focused)?.id ?? first.windowId;
          const windowId = createProperties?.windowId ?? (world.shape === "firefox" ? focused : first.windowId);
          const group = { id: world.groupId(), windowId, title: "", color: "grey", collapsed: false };
          world.groups.set(group.id, group);
          const from = new Set<number>();
          for (const tab of world.tabs) {
            if (!ids.includes(tab.id)) continue;
            if (tab.windowId !== windowId) {
              from.add(tab.windowId);
              tab.windowId = windowId;
              tab.index = world.windowTabsOf(windowId).length;
            }
            tab.groupId = group.id;
          }
          for (const id of [...from, windowId]) world.reindex(id);
          world.events.groupCreated.fire({ ...group });
          return group.id;
        }
      : undefined,
    sendMessage: async () => undefined,
    discard: hasGroups ? async (tabId) => discard(tabId) : undefined,
    onCreated: world.events.tabCreated,
    onRemoved: world.events.tabRemoved,
    onUpdated: world.events.tabUpdated,
    onMoved: world.events.tabMoved,
    onAttached: world.events.tabAttached,
    onDetached: world.events.tabDetached,
    onActivated: world.events.tabActivated,
  };
}
