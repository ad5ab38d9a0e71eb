import type { OpenTabsDevice } from "@common/api/open-tabs";
import { planHasFeature, planTypes } from "@common/plan-catalogue";
import { minutesText, SET_BY_YOUR_TEAM, teamPolicyLines } from "@common/team-policy-text";
import { browser } from "wxt/browser";
import { systemClock } from "../../src/clock";
import { ask } from "../../src/send";
import type { BackupSummary } from "../../src/backup-list";
import { matchesSearch } from "../../src/backup-search";
import { type AutomationStatus, type BackupListAnswer, LOCKED_QUEUE_MESSAGE, type OpenTabsListAnswer, type RequestOf, type ActionKind, type Status } from "../../src/messages";
import { ago, byId, h, plural } from "../../src/ui/dom";
import { lastUploadLine, refusedUploadsSection, triggerName } from "../../src/ui/refused-uploads";
import { type Notice, noticeAfter, noticeStillTrue } from "../../src/ui/popup-notice";
import { REDUCED_MODE_TITLE, reducedModeRules } from "../../src/reduced-mode";
import { PacedRefresh } from "../../src/ui/paced-refresh";
import { syncedDevicesSection } from "../../src/ui/synced-devices";

/**
 * The toolbar popup: connection state, "Connect", "Back up now", what waits to upload, the latest
 * backups with search and Restore, and restore progress. Plain DOM, redrawn from the background's
 * status whenever storage changes (and every 2 s for the relative times).
 */
const app = byId("app", HTMLElement);
let status: Status | null = null;
let backups: BackupListAnswer | null = null;
/** The account's other browsers' open tabs (Pro and up). */
let otherDevices: OpenTabsListAnswer | null = null;
/** Workflow automation (Premium, decision 180): the rules this browser runs and the start-up offer. */
let automation: AutomationStatus | null = null;
let search = "";
let flash: Notice | null = null;
let busy = false;
/** The refused emergency backup whose discard waits for the person's second "yes" (decision 206). */
let confirmingDiscard: string | null = null;

async function act(request: RequestOf<ActionKind>): Promise<void> {
  busy = true;
  render();
  try {
    // A started restore reports itself through its progress, a started connection through its code: only a refusal is said here.
    flash = noticeAfter(request.kind, await ask(request));
  } catch (error) {
    flash = { ok: false, message: error instanceof Error ? error.message : String(error), connection: null };
  }
  busy = false;
  if (request.kind === "discard-upload") confirmingDiscard = null;
  if (request.kind === "restore-last-run" || request.kind === "dismiss-last-run") await loadAutomation();
  await refresh();
}

/** Asked when the popup opens: the background reads the rules again, so a rule made a moment ago is here. */
async function loadAutomation(): Promise<void> {
  automation = await ask({ kind: "automation" });
  render();
}

/**
 * Reads the status again and draws it; `render` leaves the page alone when nothing it shows changed (the background
 * writes storage many times a second while tabs load, and a redraw would replace the buttons under the pointer).
 */
async function refresh(): Promise<void> {
  status = await ask({ kind: "status" });
  // A notice about the connection goes once the connection moves on (a pairing confirmed in the other tab).
  flash = noticeStillTrue(flash, status);
  render();
}

function hasOtherDevices(current: Status | null): boolean {
  const planType = planTypes.find((plan) => plan === current?.connection.planType);
  return planType !== undefined && planHasFeature(planType, "cloudSync");
}

async function loadBackups(): Promise<void> {
  backups = await ask({ kind: "list-backups" });
  if (hasOtherDevices(status)) otherDevices = await ask({ kind: "list-open-tabs" });
  render();
}

function otherDevicesSection(current: Status): HTMLElement | null {
  if (current.connection.state !== "connected" || !hasOtherDevices(current) || !otherDevices) return null;
  const section = h("section", { ariaLabel: "Open on other devices" }, h("h2", {}, "Open on other devices"));
  if (!otherDevices.ok) {
    section.append(h("p", { class: "notice bad" }, otherDevices.message));
    return section;
  }
  const rows = otherDevices.devices.map((device: OpenTabsDevice) =>
    h(
      "li",
      { class: "backup" },
      h(
        "div",
        { class: "grow" },
        h("div", { class: "name", title: device.deviceName }, device.deviceName),
        h("div", { class: "meta" }, `${plural(device.tabCount, "tab")} · ${ago(Date.parse(device.capturedAt))}`),
      ),
      h("button", { disabled: busy || device.tabCount === 0, onclick: () => void act({ kind: "restore-open-tabs", deviceId: device.deviceId }) }, "Restore"),
    ),
  );
  section.append(h("ul", { class: "list" }, ...(rows.length > 0 ? rows : [h("li", { class: "muted" }, "No other browser has sent its tabs yet.")])));
  return section;
}

function connectionSection(current: Status): HTMLElement {
  const { connection, pairing, pairingOutcome, queue } = current;
  const section = h("section", { ariaLabel: "Connection" });
  if (pairing) {
    section.append(
      h("div", { class: "state" }, h("span", { class: "dot" }), "Waiting for you to confirm"),
      h("p", {}, "In the TabVault tab that opened, confirm this code:"),
      h("p", { class: "code" }, pairing.userCode),
      h(
        "div",
        { class: "row" },
        h("button", { onclick: () => void browser.tabs.create({ url: pairing.verificationUrl }) }, "Open the page again"),
        h("button", { onclick: () => void act({ kind: "cancel-connect" }) }, "Cancel"),
      ),
    );
    return section;
  }
  if (connection.state === "connected") {
    section.append(
      h("div", { class: "state" }, h("span", { class: "dot connected" }), `Connected as ${connection.email ?? "your account"}`),
      h(
        "p",
        { class: "muted" },
        connection.planType ? `${connection.planType[0]?.toUpperCase()}${connection.planType.slice(1)} plan · ` : "",
        connection.automaticBackups ? `automatic backups every ${minutesText(current.automaticBackupMinutes)}` : "emergency and manual backups",
      ),
    );
  } else if (connection.state === "disconnected") {
    section.append(
      h("div", { class: "state" }, h("span", { class: "dot disconnected" }), "Disconnected"),
      h(
        "p",
        {},
        queue.waiting > 0 ? `Disconnected — reconnect to upload ${plural(queue.waiting, "waiting backup")}.` : "Disconnected — reconnect to keep backing up off this device.",
      ),
      connection.message ? h("p", { class: "muted" }, connection.message) : "",
      h("button", { class: "primary", disabled: busy, onclick: () => void act({ kind: "connect" }) }, "Reconnect"),
    );
  } else {
    section.append(
      h("div", { class: "state" }, h("span", { class: "dot" }), "Not connected"),
      h("p", {}, "Connect this browser to your TabVault account so its tabs are kept off the device."),
      h("button", { class: "primary", disabled: busy, onclick: () => void act({ kind: "connect" }) }, "Connect to TabVault"),
    );
  }
  if (pairingOutcome && pairingOutcome.result !== "connected" && connection.state !== "connected") {
    section.append(h("p", { class: "notice bad" }, pairingOutcome.message));
  }
  return section;
}

function protectionSection(current: Status): HTMLElement {
  const { lastSnapshot, queue } = current;
  const section = h(
    "section",
    { ariaLabel: "Protection" },
    h("h2", {}, "This browser"),
    lastSnapshot
      ? h(
          "p",
          {},
          `${plural(lastSnapshot.tabCount, "tab")} in ${plural(lastSnapshot.windowCount, "window")}, watched · last snapshot ${ago(lastSnapshot.capturedAt)}`,
        )
      : h("p", { class: "muted" }, "Taking the first snapshot…"),
    h("div", { class: "row" }, h("button", { class: "primary", disabled: busy, onclick: () => void act({ kind: "back-up-now" }) }, "Back up now")),
    lastUploadLine(current.lastUpload),
  );
  if (current.backupsLocked) {
    // The account seals titles and addresses (decision 199): nothing goes up readable, so it waits for the passphrase.
    section.append(
      h(
        "div",
        { class: "notice warn", role: "status" },
        h("div", {}, LOCKED_QUEUE_MESSAGE),
        h("div", { class: "muted" }, queue.waiting > 0 ? `${plural(queue.waiting, "backup")} ${queue.waiting === 1 ? "waits" : "wait"} on this device for your passphrase.` : "Backups wait on this device for your passphrase."),
        h("button", { disabled: busy, onclick: () => void browser.runtime.openOptionsPage() }, "Unlock in Options"),
      ),
    );
  } else if (queue.waiting > 0) {
    const next = queue.nextAttemptAt && current.connection.state === "connected" ? ` · next try ${queue.nextAttemptAt <= Date.now() ? "now" : `in ${Math.ceil((queue.nextAttemptAt - Date.now()) / 1000)} s`}` : "";
    section.append(
      h(
        "div",
        { class: "notice warn" },
        h("div", {}, `${plural(queue.waiting, "backup")} waiting to upload${next}`),
        h("ul", {}, ...queue.entries.filter((entry) => entry.state === "waiting").slice(0, 4).map((entry) => h("li", { class: "muted" }, `${triggerName(entry.trigger)} · ${plural(entry.tabCount, "tab")} · ${ago(entry.createdAt)}`))),
        queue.lastError ? h("div", { class: "muted" }, queue.lastError) : null,
        current.connection.state === "connected" ? h("button", { disabled: busy, onclick: () => void act({ kind: "retry-uploads" }) }, "Try now") : null,
      ),
    );
  }
  for (const emergency of current.emergencies.slice(0, 2)) {
    if (emergency.lostCount === 0) continue;
    section.append(
      h(
        "div",
        { class: "notice row" },
        h("div", { class: "grow" }, h("div", {}, emergency.reason), h("div", { class: "muted" }, ago(emergency.createdAt))),
        h("button", { disabled: busy, onclick: () => void act({ kind: "restore-emergency", id: emergency.id }) }, `Restore ${plural(emergency.lostCount, "tab")}`),
      ),
    );
  }
  return section;
}

function automationSection(current: Status): HTMLElement | null {
  if (current.connection.state !== "connected" || !automation) return null;
  const offer = automation.offer;
  const section = h("section", { ariaLabel: "Automation" }, h("h2", {}, "Automation"));
  if (offer) {
    section.append(
      h("p", {}, `Your last session had ${plural(offer.tabCount, "tab")} that are not open now.`),
      h(
        "div",
        { class: "row" },
        h("button", { class: "primary", disabled: busy, onclick: () => void act({ kind: "restore-last-run" }) }, "Restore last session"),
        h("button", { disabled: busy, onclick: () => void act({ kind: "dismiss-last-run" }) }, "Not now"),
      ),
    );
  }
  if (!automation.running) {
    section.append(h("p", { class: "muted" }, automation.message ?? "No rules run in this browser."));
  } else if (automation.rules.length === 0) {
    section.append(h("p", { class: "muted" }, "No rules are on. Make them on the TabVault website, under Automation."));
  } else {
    section.append(h("ul", { class: "list" }, ...automation.rules.map((rule) => h("li", {}, rule))));
  }
  return section;
}

/** What the team's policy decides for this browser (decision 187), said where the person looks first. */
function teamPolicySection(current: Status): HTMLElement | null {
  if (current.connection.state !== "connected" || !current.team) return null;
  const lines = teamPolicyLines(current.team.policy);
  if (lines.length === 0) return null;
  return h(
    "section",
    { ariaLabel: SET_BY_YOUR_TEAM },
    h("h2", {}, `${SET_BY_YOUR_TEAM}: ${current.team.teamName}`),
    h("ul", { class: "policy" }, ...lines.map((line) => h("li", {}, h("span", { class: "muted" }, `${line.item}: `), line.value))),
  );
}

function restoreSection(current: Status): HTMLElement | null {
  const restore = current.restore;
  if (!restore) return null;
  if (restore.state === "running") {
    return h(
      "section",
      { ariaLabel: "Restore" },
      h("p", {}, `Restoring ${restore.done.toLocaleString("en")} of ${plural(restore.total, "tab")}`),
      h("progress", { max: restore.total || 1, value: restore.done }),
    );
  }
  return restore.message ? h("section", {}, h("p", { class: restore.state === "failed" ? "notice bad" : "notice" }, restore.message)) : null;
}

function backupsSection(current: Status): HTMLElement | null {
  if (current.connection.state !== "connected") return null;
  const section = h("section", { ariaLabel: "Latest backups" }, h("h2", {}, "Latest backups"));
  if (!backups) {
    section.append(h("p", { class: "muted" }, "Loading…"));
    return section;
  }
  if (!backups.ok) {
    section.append(h("p", { class: "notice bad" }, backups.message));
    return section;
  }
  const input = h("input", {
    type: "search",
    placeholder: "Search by name or date",
    value: search,
    ariaLabel: "Search backups",
    oninput: (event: Event) => {
      if (event.target instanceof HTMLInputElement) search = event.target.value;
      renderList();
    },
  });
  const list = h("ul", { class: "list" });
  if (backups.notice) section.append(h("p", { class: "muted" }, backups.notice));
  const renderList = () => {
    const all = backups && backups.ok ? backups.backups : [];
    const shown = all.filter((backup) => matchesSearch(backup, search)).slice(0, 30);
    list.replaceChildren(...(shown.length > 0 ? shown.map(backupRow) : [h("li", { class: "muted" }, all.length === 0 ? "No backups yet." : "No backup matches.")]));
  };
  renderList();
  section.append(input, list);
  return section;
}

function backupRow(backup: BackupSummary): HTMLElement {
  const date = new Date(backup.createdAt);
  return h(
    "li",
    { class: "backup" },
    h(
      "div",
      { class: "grow" },
      h("div", { class: "name", title: backup.sessionName }, backup.sessionName),
      h(
        "div",
        { class: "meta" },
        `${date.toLocaleString(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })} · ${plural(backup.tabCount, "tab")}${backup.sealedTabCount > 0 ? ` · ${backup.sealedTabCount.toLocaleString("en")} encrypted` : ""}${backup.tags.length > 0 ? ` · ${[...new Set(backup.tags)].join(", ")}` : ""}`,
      ),
    ),
    h("button", { disabled: busy || !backup.restorable, onclick: () => void act({ kind: "restore-backup", backupId: backup.id }) }, "Restore"),
  );
}

/** Firefox for Android (no windows API): which rules protect tabs here and which cannot (decision 210). */
function reducedModeSection(): HTMLElement {
  return h(
    "section",
    { ariaLabel: REDUCED_MODE_TITLE },
    h("h2", {}, REDUCED_MODE_TITLE),
    h("ul", { class: "policy" }, ...reducedModeRules().map((rule) => h("li", { class: rule.applies ? "" : "muted" }, rule.applies ? "✓ " : "✗ ", rule.text))),
  );
}

function render(): void {
  if (!status) {
    app.replaceChildren(h("section", {}, h("p", { class: "muted" }, "Starting…")));
    return;
  }
  const current = status;
  const focused = document.activeElement instanceof HTMLInputElement && document.activeElement.type === "search";
  const next = h(
    "div",
    {},
    h("header", {}, h("img", { src: "/icons/32.png", alt: "" }), h("h1", {}, "TabVault"), h("span", { class: "version" }, `v${current.version}`)),
    connectionSection(current),
    flash ? h("section", {}, h("p", { class: flash.ok ? "notice" : "notice bad", role: "status" }, flash.message)) : "",
    restoreSection(current) ?? "",
    protectionSection(current),
    current.reducedMode ? reducedModeSection() : "",
    current.reducedMode ? "" : syncedDevicesSection(current.syncedDevices),
    refusedUploadsSection({
      entries: current.queue.entries,
      busy,
      confirming: confirmingDiscard,
      retry: (key) => void act({ kind: "retry-upload", key }),
      discard: (key, confirmed) => void act({ kind: "discard-upload", key, confirmed }),
      confirm: (key) => {
        confirmingDiscard = key;
        render();
      },
    }) ?? "",
    automationSection(current) ?? "",
    teamPolicySection(current) ?? "",
    backupsSection(current) ?? "",
    otherDevicesSection(current) ?? "",
    h(
      "footer",
      {},
      h("span", { title: current.serverUrl }, new URL(current.serverUrl).host),
      h("a", { onclick: () => void browser.runtime.openOptionsPage() }, "Options"),
    ),
  );
  // Redrawn every 2 s and on every storage change (many a second while tabs load): when the page would look the same,
  // it is left as it is, so a button is not replaced under the pointer between its press and its release. Every
  // button acts on what its row shows (a backup, a refused upload), so the same page means the same actions.
  if (next.innerHTML === app.innerHTML) return;
  app.replaceChildren(...next.childNodes);
  if (focused) {
    const input = app.querySelector<HTMLInputElement>('input[type="search"]');
    input?.focus();
    input?.setSelectionRange(search.length, search.length);
  }
}

let wasConnected = false;
// At most one status request at a time and two a second, however often storage changes (decision 241).
const pacedRefresh = new PacedRefresh(async () => {
  await refresh();
  // Just connected: fetch the backups now.
  if (status?.connection.state === "connected" && !wasConnected) {
    void loadBackups();
    void loadAutomation();
  }
  wasConnected = status?.connection.state === "connected";
}, systemClock, 500);
browser.storage.onChanged.addListener(() => pacedRefresh.request());
window.setInterval(() => pacedRefresh.request(), 2_000);
render();
void refresh().then(() => {
  wasConnected = status?.connection.state === "connected";
  if (wasConnected) {
    void loadBackups();
    void loadAutomation();
  }
});
