import type { BrowserApi } from "../../src/browser-api";
import { alarmsApi, notificationsApi, runtimeApi } from "./runtime";
import { extensionApi, permissionsApi, scriptingApi } from "./scripting";
import { sessionsApi } from "./sessions";
import { storageApi } from "./storage";
import { tabGroupsApi } from "./tab-groups";
import { tabActionsOf, tabsApi } from "./tabs";
import { windowsApi } from "./windows";
import type { FakeWorld } from "./world";

/**
 * The API the extension sees, of the world's shape. Its methods are handed around detached, as the browser's are:
 * they close over the world.
 */
export function browserApiOf(world: FakeWorld): BrowserApi {
  const tabActions = tabActionsOf(world);
  return {
    tabs: tabsApi(world, tabActions),
    windows: windowsApi(world, tabActions),
    tabGroups: tabGroupsApi(world),
    sessions: sessionsApi(world, tabActions),
    storage: storageApi(),
    alarms: alarmsApi(),
    notifications: notificationsApi(world),
    runtime: runtimeApi(world),
    scripting: scriptingApi(world),
    permissions: permissionsApi(world),
    extension: extensionApi(world),
  };
}
