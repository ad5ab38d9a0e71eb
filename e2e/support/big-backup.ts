import type { Page } from "playwright-core";
import { BROWSER_BACKUP_LIMITS, uploadBrowserBackup, type UploadBrowserBackupRequest } from "../../common/api/browser-backups";
import { endpointUrl } from "../../common/api/endpoint";
import { mergeBackups, ORGANISE_LIMITS } from "../../common/api/library-organise";

/** The title the big backup gives its tab `n` (from 1), so a test finds any one of them by its text. */
export const bigTabTitle = (n: number, total: number) => `Tab ${n} of ${total}`;

/**
 * Makes a backup of `total` tabs (at most 10,000) for the signed-in account of `page`, as a person could: up to
 * 5,000 tabs a backup through the extension's upload, the uploads merged into one. Tab n (from 1) is titled
 * {@link bigTabTitle}; every 10th holds a form value and a scroll position. Returns the merged backup's id.
 */
export async function makeBigBackup(page: Page, sessionName: string, total = ORGANISE_LIMITS.mergedTabs): Promise<string> {
  const ids: string[] = [];
  for (const upload of bigBackupUploads(total)) ids.push(await postFromPage(page, endpointUrl(uploadBrowserBackup), upload));
  if (ids.length === 1) return ids[0]!;
  return postFromPage(page, endpointUrl(mergeBackups), { backupIds: ids, sessionName });
}

/** The uploads {@link makeBigBackup} sends: `total` tabs, 5,000 an upload (the most one holds). */
export function bigBackupUploads(total: number): UploadBrowserBackupRequest[] {
  const perUpload = BROWSER_BACKUP_LIMITS.tabsPerBackup;
  const uploads: UploadBrowserBackupRequest[] = [];
  for (let first = 0; first < total; first += perUpload) {
    const count = Math.min(perUpload, total - first);
    uploads.push({
      snapshotId: crypto.randomUUID(),
      trigger: "clear_all_detected",
      capturedAt: Date.now() - 60_000,
      deviceName: "Chrome on Linux",
      browserType: "chrome",
      groups: [],
      windows: [
        {
          windowId: 1 + first,
          state: "normal",
          focused: first === 0,
          tabs: Array.from({ length: count }, (_, i) => {
            const n = first + i + 1;
            const formData: Record<string, string> = n % 10 === 0 ? { "#note": `a note on article ${n}` } : {};
            return {
              url: `https://reading.example/articles/${n}`,
              title: bigTabTitle(n, total),
              index: i,
              active: n === 1,
              formData,
              scrollPosition: { x: 0, y: n % 10 === 0 ? 1_200 : 0 },
            };
          }),
        },
      ],
    });
  }
  return uploads;
}

/** A POST from the page, with its cookie and origin as the web app sends it; the answer's `backupId`. */
export async function postFromPage(page: Page, url: string, body: unknown): Promise<string> {
  const { status, text } = await page.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    },
    { url, body },
  );
  if (status !== 201) throw new Error(`${url} answered ${status}: ${text}`);
  return (JSON.parse(text) as { backupId: string }).backupId;
}
