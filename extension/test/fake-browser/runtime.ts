import { fakeBrowser } from "wxt/testing/fake-browser";
import type { AlarmsApi, NotificationsApi, RuntimeApi } from "../../src/browser-api";
import type { FakeWorld } from "./world";

// Alarms, notifications and runtime come from @webext-core/fake-browser (WXT's testing fake), shaped by the world.

export function alarmsApi(): AlarmsApi {
  return {
    create: (name, info) => fakeBrowser.alarms.create(name, info),
    get: async (name) => (await fakeBrowser.alarms.get(name)) ?? undefined,
    clear: (name) => fakeBrowser.alarms.clear(name),
    onAlarm: fakeBrowser.alarms.onAlarm as unknown as AlarmsApi["onAlarm"],
  };
}

/** Notification buttons are Chromium's only: Firefox refuses them. */
export function notificationsApi(world: FakeWorld): NotificationsApi {
  return {
    create: async (id, options) => {
      if (world.shape !== "chromium" && options.buttons) throw new Error("Type error for parameter options: Property \"buttons\" is unsupported by Firefox");
      return fakeBrowser.notifications.create(id, options);
    },
    clear: (id) => fakeBrowser.notifications.clear(id),
    onClicked: fakeBrowser.notifications.onClicked as unknown as NotificationsApi["onClicked"],
    onButtonClicked: world.shape === "chromium" ? (fakeBrowser.notifications.onButtonClicked as unknown as NotificationsApi["onButtonClicked"]) : undefined,
  };
}

/** The manifest's version is the world's, so a test can stand for an update. */
export function runtimeApi(world: FakeWorld): RuntimeApi {
  return {
    id: fakeBrowser.runtime.id,
    getURL: (path) => fakeBrowser.runtime.getURL(path as "/"),
    getManifest: () => ({ version: world.version }),
    getPlatformInfo: async () => ({ os: world.shape === "firefox_android" ? "android" : "linux" }),
    sendMessage: (message) => fakeBrowser.runtime.sendMessage(message),
    onMessage: fakeBrowser.runtime.onMessage as unknown as RuntimeApi["onMessage"],
    onStartup: fakeBrowser.runtime.onStartup as unknown as RuntimeApi["onStartup"],
    onInstalled: fakeBrowser.runtime.onInstalled as unknown as RuntimeApi["onInstalled"],
  };
}
