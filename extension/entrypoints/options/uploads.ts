import { browser } from "wxt/browser";
import type { ActionAnswer, Status } from "../../src/messages";
import { send } from "../../src/send";
import { h, plural } from "../../src/ui/dom";
import { lastUploadLine, refusedUploadsSection } from "../../src/ui/refused-uploads";

/**
 * The options page's uploads: what the server last answered, what waits, and the refused backups with Retry and
 * Discard, as the popup shows them (decision 206). Drawn into its own element and redrawn on its own (on a storage
 * change and every 2 s), so the rest of the page, with what the person is typing, is left alone.
 */
export function mountUploads(host: HTMLElement): void {
  let current: Status | null = null;
  let busy = false;
  /** The refused emergency backup whose discard waits for the person's second "yes". */
  let confirming: string | null = null;
  /** What the background answered to the last Retry or Discard, shown beside the list it changed. */
  let answer: ActionAnswer | null = null;

  const draw = (): void => {
    if (!current) return;
    const { queue } = current;
    host.replaceChildren(
      h(
        "section",
        { ariaLabel: "Uploads" },
        h("h2", {}, "Uploads"),
        lastUploadLine(current.lastUpload) ?? h("p", { class: "muted" }, "Nothing uploaded from this browser yet."),
        queue.waiting > 0 ? h("p", { class: "notice warn" }, `${plural(queue.waiting, "backup")} waiting to upload${queue.lastError ? `: ${queue.lastError}` : ""}`) : "",
        queue.refused === 0 ? h("p", { class: "muted" }, "No backup was refused by the server.") : "",
      ),
      refusedUploadsSection({
        entries: queue.entries,
        busy,
        confirming,
        retry: (key) => void act(() => send("retry-upload", { key })),
        discard: (key, confirmed) => void act(() => send("discard-upload", { key, confirmed })),
        confirm: (key) => {
          confirming = key;
          draw();
        },
      }) ?? "",
      answer ? h("section", {}, h("p", { class: answer.ok ? "notice" : "notice bad", role: "status" }, answer.message)) : "",
    );
  };

  const refresh = async (): Promise<void> => {
    current = await send("status");
    draw();
  };

  const act = async (ask: () => Promise<ActionAnswer>): Promise<void> => {
    busy = true;
    draw();
    answer = await ask();
    busy = false;
    confirming = null;
    await refresh();
  };

  browser.storage.onChanged.addListener(() => void refresh());
  window.setInterval(() => void refresh(), 2_000);
  void refresh();
}
