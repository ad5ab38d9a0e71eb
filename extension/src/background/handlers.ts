import type { MessageSender } from "../browser-api";
import type { FormEncryption } from "../form-encryption";
import type { LibrarySync } from "../library-sync";
import type { ActionAnswer, Answer, BackupListAnswer, Kind, RequestOf } from "../messages";
import type { OpenTabsSync } from "../open-tabs-sync";
import type { Pairing } from "../pairing";
import { UNLOCK_PERIODS_MINUTES } from "@common/unlock-period";
import type { Capture } from "./capture";
import type { Connection } from "./connection";
import type { ContentScripts } from "./content-scripts";
import type { BackgroundContext } from "./context";
import type { Restores } from "./restores";
import type { Settings } from "./settings";
import type { StatusReport } from "./status";
import type { Uploads } from "./uploads";
import type { Workflows } from "./workflows";

export interface HandlersDeps {
  ctx: BackgroundContext;
  connection: Connection;
  settings: Settings;
  capture: Capture;
  uploads: Uploads;
  pairing: Pairing;
  library: LibrarySync;
  openTabs: OpenTabsSync;
  workflows: Workflows;
  restores: Restores;
  contentScripts: ContentScripts;
  report: StatusReport;
  formEncryption: FormEncryption;
  /** Reads the account's encryption again; what waited for it goes up when it no longer holds backups back. */
  refreshEncryption(): Promise<void>;
}

/** One handler per message kind, each answering with its kind's answer type. */
export type Handlers = { [K in Kind]: (request: RequestOf<K>, sender: MessageSender) => Promise<Answer<K>> };

const NOT_OUR_SERVER: ActionAnswer = { ok: false, message: "Not the TabVault this browser is connected to." };
const NOT_CONNECTED: ActionAnswer = { ok: false, message: "This browser is not connected to TabVault." };

/** The message handlers: what each request of the popup, the options page and the content scripts does. */
export function messageHandlers(deps: HandlersDeps): Handlers {
  const { ctx, connection, settings, uploads, pairing, library, openTabs, workflows, restores, contentScripts, report, formEncryption } = deps;

  /** The web app's restores: only from the connected server's pages, and only while connected. */
  const fromTheWebApp =
    <K extends Kind>(restore: (request: RequestOf<K>) => Promise<ActionAnswer>) =>
    async (request: RequestOf<K>, sender: MessageSender): Promise<ActionAnswer> => {
      if (!(await contentScripts.fromServerPage(sender))) return NOT_OUR_SERVER;
      if (!(await connection.auth())) return NOT_CONNECTED;
      return restore(request);
    };

  async function listBackups(): Promise<BackupListAnswer> {
    const answer = await library.sync();
    // Names, tags and notes sealed in a browser (decision 237) are opened here, never kept opened in storage.
    if (answer.ok) return { ok: true, backups: await formEncryption.openLabels(answer.library.backups) };
    // Offline, the last download still lists the library (deletions arrive with the next sync).
    const cached = answer.kind === "network" ? await library.cached() : null;
    if (cached) return { ok: true, backups: await formEncryption.openLabels(cached.backups), notice: "TabVault cannot be reached: the list as it was at the last sync." };
    return { ok: false, message: answer.kind === "network" ? "TabVault cannot be reached." : answer.message };
  }

  return {
    status: () => report.status(),
    "encryption-status": async () => {
      // Asked afresh: the person may have just turned encryption on at the website.
      await deps.refreshEncryption();
      return formEncryption.status();
    },
    "encryption-unlock": async (request) => {
      const answer = await formEncryption.unlock(request.passphrase, UNLOCK_PERIODS_MINUTES.find((period) => period === request.minutes) ?? null);
      // What waited for the passphrase goes up now, sealed.
      if (answer.ok) uploads.sendHeld();
      return answer;
    },
    "encryption-lock": async () => {
      await formEncryption.lock();
      return {
        ok: true,
        message: (await formEncryption.lockedOut())
          ? "Locked: backups wait on this device until you unlock again."
          : "Locked: form entries are left out of backups until you unlock again.",
      };
    },
    connect: async () => {
      const device = await connection.thisDevice();
      const started = await pairing.start((await connection.address()).serverUrl, device.clientName, device.platform);
      return started.ok ? { ok: true, message: `Confirm the code ${started.pending.userCode} in the tab that opened.` } : started;
    },
    "cancel-connect": async () => {
      await pairing.cancel();
      return { ok: true, message: "Connection cancelled." };
    },
    disconnect: async () => {
      await connection.forget();
      await library.clear();
      await openTabs.clear();
      await workflows.automation.clear();
      return { ok: true, message: "Disconnected. Backups stay on this device until you connect again." };
    },
    "back-up-now": () => uploads.backUpNow(),
    "retry-uploads": () => uploads.sendWaiting(),
    "retry-upload": (request) => uploads.retry(request.key),
    "discard-upload": (request) => uploads.discard(request.key, request.confirmed === true),
    "list-backups": listBackups,
    "restore-backup": (request) => restores.backup(request.backupId, { suggestedGroups: request.suggestedGroups, recordAsRestore: true }),
    "restore-emergency": (request) => restores.emergency(request.id),
    "settings-changed": async () => {
      connection.forgetAddress();
      await contentScripts.sync();
      await connection.refresh();
      await settings.refresh();
      return { ok: true, message: "Saved." };
    },
    // The device id lets the web app leave this browser out of "Open on other devices".
    "web-ping": async (_request, sender) =>
      (await contentScripts.fromServerPage(sender)) ? { version: ctx.browser.runtime.getManifest().version, deviceId: (await connection.connectedAuth())?.deviceId ?? null } : null,
    "web-status": async (_request, sender) => ((await contentScripts.fromServerPage(sender)) ? report.live() : null),
    "web-restore": fromTheWebApp<"web-restore">((request) => restores.backup(request.backupId, { suggestedGroups: request.suggestedGroups })),
    "web-restore-open-tabs": fromTheWebApp<"web-restore-open-tabs">((request) => restores.openTabs(request.deviceId)),
    "web-restore-shared": fromTheWebApp<"web-restore-shared">((request) => restores.shared(request.sharedId)),
    automation: async () => {
      // The popup opened: the rules are read again, so a rule made a moment ago shows (and runs) now.
      await workflows.refresh(() => "failed");
      return workflows.status();
    },
    "restore-last-run": () => restores.lastRun(),
    "dismiss-last-run": async () => {
      await workflows.dismissLastRun();
      return { ok: true, message: "The last session will not be offered again." };
    },
    "list-open-tabs": () => openTabs.others(),
    "restore-open-tabs": (request) => restores.openTabs(request.deviceId),
    "page-state": async (request, sender) => {
      const tabId = sender.tab?.id;
      if (tabId === undefined || sender.tab?.incognito) return null;
      await ctx.items.page(tabId).set({ url: request.url, formData: request.formData, scrollPosition: request.scrollPosition });
      deps.capture.schedule();
      return null;
    },
    "page-refill": async (request, sender) => {
      const tabId = sender.tab?.id;
      if (tabId === undefined) return null;
      const item = ctx.items.refill(tabId);
      const refill = await item.get();
      if (!refill || refill.url.split("#")[0] !== request.url.split("#")[0]) return null;
      await item.remove();
      return refill;
    },
  };
}

/** Answers one request with its kind's handler. */
export function answer<K extends Kind>(handlers: Handlers, request: RequestOf<K>, sender: MessageSender): Promise<Answer<K>> {
  const handler: Handlers[K] = handlers[request.kind];
  return handler(request, sender);
}
