import { isRequest, type Answer, type Kind, type RequestOf } from "../messages";
import type { MessageSender } from "../browser-api";
import type { Capture } from "./capture";
import type { BackgroundContext } from "./context";
import type { Emergencies } from "./emergencies";
import type { Placeholders } from "./placeholders";
import type { Restores } from "./restores";
import type { Scheduler } from "./scheduler";
import type { SyncedDevices } from "./synced-devices";

export interface EventsDeps {
  ctx: BackgroundContext;
  capture: Capture;
  emergencies: Emergencies;
  restores: Restores;
  placeholders: Placeholders;
  scheduler: Scheduler;
  syncedDevices: SyncedDevices;
  handle<K extends Kind>(request: RequestOf<K>, sender: MessageSender): Promise<Answer<K>>;
}

/**
 * The browser's events, each wired to its room. Called synchronously, before the first await: a Manifest V3 worker
 * woken by an event must have its listeners at once.
 */
export function wireBrowserEvents(deps: EventsDeps): void {
  const { ctx, capture, emergencies, restores, placeholders, scheduler } = deps;
  const { browser, log } = ctx;
  const changed = () => capture.schedule();
  browser.tabs.onCreated.addListener(() => {
    changed();
    void emergencies.tabCreated();
  });
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    // Loading states and audio changes do not change what a backup holds.
    if ("url" in change || "title" in change || "pinned" in change || "groupId" in change || "favIconUrl" in change || change.status === "complete") changed();
    void placeholders.updated(tabId, change, tab).catch((error) => log("a restored tab could not be unloaded", error));
  });
  browser.tabs.onMoved.addListener(changed);
  browser.tabs.onAttached.addListener(changed);
  browser.tabs.onDetached.addListener(changed);
  browser.tabs.onActivated.addListener((info) => {
    changed();
    void placeholders.selected(info.tabId);
  });
  browser.tabs.onReplaced?.addListener((added, removed) => {
    restores.tabReplaced(removed, added);
    changed();
  });
  browser.tabs.onRemoved.addListener((tabId, info) => {
    changed();
    placeholders.removed(tabId);
    void emergencies.tabRemoved(tabId, info);
  });
  browser.windows?.onCreated.addListener(changed);
  browser.windows?.onFocusChanged.addListener(changed);
  browser.windows?.onBoundsChanged?.addListener(changed);
  browser.windows?.onRemoved.addListener((windowId) => {
    changed();
    void emergencies.windowRemoved(windowId);
  });
  browser.tabGroups?.onCreated.addListener(changed);
  browser.tabGroups?.onUpdated.addListener(changed);
  browser.tabGroups?.onRemoved.addListener(changed);
  browser.tabGroups?.onMoved?.addListener(changed);

  // Chromium says this event leaves out synced devices' changes; it costs one read when it does fire (decision 219).
  browser.sessions?.onChanged?.addListener(() => void ctx.ready.then(deps.syncedDevices.read));

  browser.alarms.onAlarm.addListener((alarm) => void scheduler.ring(alarm.name));

  // A click on the notification or on its button: the emergency's tabs, or the last run's, come back.
  const notificationClicked = (id: string) => {
    if (id.startsWith("emergency:")) void ctx.ready.then(() => restores.emergency(id.slice("emergency:".length)));
    if (id === "last-run") void ctx.ready.then(restores.lastRun);
  };
  browser.notifications?.onClicked.addListener(notificationClicked);
  browser.notifications?.onButtonClicked?.addListener(notificationClicked);
  // The browser itself started (not an install or an update): a start-up rule may offer the last run.
  browser.runtime.onStartup.addListener(() => {
    void ctx.items.browserStarted.set(true);
  });

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!message || typeof message !== "object" || !("kind" in message)) return false;
    // A kind this version does not know is answered with nothing, as it always was.
    const answered: Promise<unknown> = isRequest(message) ? deps.handle(message, sender) : ctx.ready.then(() => undefined);
    answered
      .then(sendResponse)
      .catch((error) => {
        log("message failed", error);
        sendResponse({ ok: false, message: error instanceof Error ? error.message : String(error) });
      });
    // Keeps the channel open for the asynchronous answer (both browsers).
    return true;
  });
}
