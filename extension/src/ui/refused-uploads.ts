import type { BrowserBackupTrigger } from "@common/api/browser-backups";
import type { LastUpload, QueuedBackup } from "../messages";
import { ago, h, plural } from "./dom";

/** A backup's kind as the popup and the options page name it. */
export function triggerName(trigger: BrowserBackupTrigger | string): string {
  return (
    { clear_all_detected: "Emergency backup", auto_backup: "Automatic backup", manual_save: "Manual backup", manual: "Manual backup", emergency: "Emergency backup" }[trigger] ??
    trigger.replaceAll("_", " ")
  );
}

export interface RefusedUploadsView {
  entries: QueuedBackup[];
  busy: boolean;
  /** The emergency backup whose discard waits for the person's second "yes", by key. */
  confirming: string | null;
  retry(key: string): void;
  discard(key: string, confirmed: boolean): void;
  /** Asks (a key) or stops asking (null) the second "yes" for an emergency's discard. */
  confirm(key: string | null): void;
}

/**
 * Every backup the server refused, each with the server's reason in its words, Retry and Discard (decision 206): the
 * popup and the options page show the same. An emergency backup asks a second "yes" before it is discarded; the
 * background refuses to discard one without it.
 */
export function refusedUploadsSection(view: RefusedUploadsView): HTMLElement | null {
  const refused = view.entries.filter((entry) => entry.state === "refused");
  if (refused.length === 0) return null;
  return h(
    "section",
    { ariaLabel: "Refused by the server" },
    h("h2", {}, `Refused by the server (${refused.length.toLocaleString("en")})`),
    h("p", { class: "muted" }, "Kept on this device. Sent again on its own when TabVault is updated, your plan changes or this browser connects again."),
    h("ul", { class: "refused", ariaLabel: "Refused backups" }, ...refused.map((entry) => refusedRow(entry, view))),
  );
}

function refusedRow(entry: QueuedBackup, view: RefusedUploadsView): HTMLElement {
  const what = `${triggerName(entry.trigger).toLowerCase()} of ${plural(entry.tabCount, "tab")}`;
  const reason = entry.refusal?.message ?? entry.lastError ?? "Refused by the server.";
  const asking = view.confirming === entry.key;
  return h(
    "li",
    { class: entry.trigger === "clear_all_detected" ? "refused-item emergency" : "refused-item" },
    h("div", { class: "name" }, `${triggerName(entry.trigger)} · ${plural(entry.tabCount, "tab")} · ${ago(entry.createdAt)}`),
    h("p", { class: "reason" }, h("span", { class: "muted" }, "The server said: "), reason),
    asking
      ? h(
          "div",
          { class: "notice warn", role: "alert" },
          h("p", {}, "Discard this emergency backup? It will never reach the server. Its tabs stay restorable in this browser while it keeps its last 10 emergencies."),
          h(
            "div",
            { class: "row" },
            h("button", { class: "danger", disabled: view.busy, onclick: () => view.discard(entry.key, true) }, "Yes, discard it"),
            h("button", { disabled: view.busy, onclick: () => view.confirm(null) }, "Keep it"),
          ),
        )
      : h(
          "div",
          { class: "row" },
          h("button", { class: "primary", disabled: view.busy, ariaLabel: `Retry ${what}`, onclick: () => view.retry(entry.key) }, "Retry"),
          h(
            "button",
            {
              disabled: view.busy,
              ariaLabel: `Discard ${what}`,
              onclick: () => (entry.trigger === "clear_all_detected" ? view.confirm(entry.key) : view.discard(entry.key, false)),
            },
            "Discard",
          ),
        ),
  );
}

/** The server's answer to the newest upload it stored, in its words (what a plan limit left out included). */
export function lastUploadLine(last: LastUpload | null): HTMLElement | null {
  if (!last) return null;
  return h("p", { class: "muted last-upload" }, `Last upload, ${ago(last.at)}: ${last.message}`);
}
