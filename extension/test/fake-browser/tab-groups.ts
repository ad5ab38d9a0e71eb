import type { TabGroupsApi } from "../../src/browser-api";
import { hasTabGroups } from "./types";
import type { FakeWorld } from "./world";

/** `tabGroups`: Chromium's, and desktop Firefox's since 138. */
export function tabGroupsApi(world: FakeWorld): TabGroupsApi | undefined {
  if (!hasTabGroups(world.shape)) return undefined;
  return {
    query: async ({ windowId }) => [...world.groups.values()].filter((group) => windowId === undefined || group.windowId === windowId).map((group) => ({ ...group })),
    update: async (groupId, properties) => {
      const group = world.groups.get(groupId);
      if (!group) throw new Error(`No group with id: ${groupId}.`);
      Object.assign(group, Object.fromEntries(Object.entries(properties).filter(([, value]) => value !== undefined)));
      world.events.groupUpdated.fire({ ...group });
      return { ...group };
    },
    onCreated: world.events.groupCreated,
    onUpdated: world.events.groupUpdated,
    onRemoved: world.events.groupRemoved,
  };
}
