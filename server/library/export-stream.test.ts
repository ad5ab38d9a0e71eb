import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportFormats } from "@common/api/library";
import { users } from "../accounts/table";
import { findBrowserBackup } from "../backups/browser-backups";
import { browserBackup } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { exportBackup, exportBackupStream } from "./export";
import { multiPageBackup } from "./export-fixture";
import { type BackupExportSource, backupExportSource } from "./export-source";
import { type ExportedTab, outlineOf } from "./formats/file-pieces";

const exportedAt = new Date("2026-11-28T07:00:00.000Z");

/** The fixture as a source whose pages hold `pageSize` tabs, counting the pages read. */
function pagedFixture(pageSize: number, failOnPage?: number): BackupExportSource & { pagesRead: () => number } {
  let read = 0;
  return {
    outline: outlineOf(multiPageBackup),
    sealedTabs: 0,
    pagesRead: () => read,
    async *pagesOf(window: number): AsyncGenerator<ExportedTab[]> {
      const tabs = multiPageBackup.windows[window]!.tabs;
      for (let start = 0; start < tabs.length; start += pageSize) {
        read += 1;
        if (read === failOnPage) throw new Error("the database went away");
        yield tabs.slice(start, start + pageSize);
      }
    },
  };
}

async function text(body: AsyncIterable<string>): Promise<string> {
  let written = "";
  for await (const piece of body) written += piece;
  return written;
}

describe("library exports written as streams (decision 223)", () => {
  const server = useTestApp({ clock: () => exportedAt });

  it.each(exportFormats)("%s: the streamed file, two tabs a page, is byte for byte what the whole-file writer wrote", async (format) => {
    const golden = exportBackup(multiPageBackup, format, exportedAt);
    const old = readFileSync(new URL(`./export-golden/${golden.fileName}`, import.meta.url), "utf8");
    expect(golden.body).toBe(old);
    for (const pageSize of [1, 2, 5, 100]) {
      expect(await text(exportBackupStream(pagedFixture(pageSize), format, exportedAt).body), `${pageSize} a page`).toBe(old);
    }
  });

  it.each(exportFormats)("%s: the first tabs go out before the last page is read", async (format) => {
    const source = pagedFixture(2);
    const file = exportBackupStream(source, format, exportedAt);
    let firstTabAt: number | null = null;
    for await (const piece of file.body) if (firstTabAt === null && piece.includes("pages.example/0")) firstTabAt = source.pagesRead();
    expect(firstTabAt).toBe(1);
    expect(source.pagesRead()).toBe(7); // windows of 7, 0, 1 and 3 tabs: 4 + 0 + 1 + 2 pages
  });

  it.each(exportFormats)("%s: a page that cannot be read stops the file before its end, so it never looks whole", async (format) => {
    const whole = exportBackup(multiPageBackup, format, exportedAt).body;
    const written: string[] = [];
    await expect(async () => {
      for await (const piece of exportBackupStream(pagedFixture(2, 3), format, exportedAt).body) written.push(piece);
    }).rejects.toThrow("the database went away");
    const cut = written.join("");
    expect(cut.length).toBeGreaterThan(0);
    expect(whole.startsWith(cut)).toBe(true);
    expect(cut.length).toBeLessThan(whole.length);
    if (format === "tabvault" || format === "tab-session-manager") expect(() => JSON.parse(cut) as unknown).toThrow();
  });

  it("a window that gives fewer tabs than its outline counts stops the file before its end", async () => {
    const source = pagedFixture(2);
    const short: BackupExportSource = { ...source, pagesOf: async function* () { yield []; } };
    await expect(text(exportBackupStream(short, "onetab", exportedAt).body)).rejects.toThrow("window 1 of the backup gave 0 tabs of 7");
  });

  it("a stored backup read a page at a time writes what the whole read writes, in every format; over HTTP too", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "streamed-library@example.com");
    // Pro keeps every tab of a backup (a smaller plan keeps fewer).
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, "streamed-library@example.com"));
    const [user] = await server.database.db.select().from(users).where(eq(users.email, "streamed-library@example.com"));
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(23, {}, 3), ...withSession(cookie) });
    expect(uploaded.statusCode).toBe(201);
    const { backupId } = uploaded.json<{ backupId: string }>();
    const whole = await findBrowserBackup(server.database.db, user!.id, backupId);
    expect(whole!.windows.map((window) => window.tabs.length)).toEqual([8, 8, 7]);
    for (const format of exportFormats) {
      const expected = exportBackup(whole!, format, exportedAt);
      const source = await backupExportSource(server.database.db, user!.id, backupId, 3);
      expect(await text(exportBackupStream(source!, format, exportedAt).body), format).toBe(expected.body);
      const response = await server.app.inject({ method: "GET", url: `/api/library/backups/${backupId}/export?format=${format}`, ...withSession(cookie) });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="${expected.fileName}"`);
      expect(response.body, format).toBe(expected.body);
    }
  });

  it("the streamed route answers signed out, for another account's backup and for a malformed request with a status and a message", async () => {
    const owner = await signIn(server.app, server.mailDir, "stream-owner@example.com");
    const other = await signIn(server.app, server.mailDir, "stream-other@example.com");
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(4), ...withSession(owner.cookie) });
    const { backupId } = uploaded.json<{ backupId: string }>();
    const url = `/api/library/backups/${backupId}/export?format=tabvault`;
    const signedOut = await server.app.inject({ method: "GET", url });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: expect.any(String) });
    const asOther = await server.app.inject({ method: "GET", url, ...withSession(other.cookie) });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toEqual({ message: "Backup not found" });
    for (const malformed of [
      `/api/library/backups/${backupId}/export`,
      `/api/library/backups/${backupId}/export?format=../../etc/passwd`,
      "/api/library/backups/%27%3Bdrop%20table/export?format=onetab",
    ]) {
      const response = await server.app.inject({ method: "GET", url: malformed, ...withSession(owner.cookie) });
      expect(response.statusCode, malformed).toBe(400);
      expect(response.json(), malformed).toEqual({ message: expect.any(String) });
    }
    const missing = await server.app.inject({ method: "GET", url: "/api/library/backups/00000000-0000-4000-8000-000000000000/export?format=onetab", ...withSession(owner.cookie) });
    expect(missing.statusCode).toBe(404);
    expect((await server.app.inject({ method: "GET", url, ...withSession(owner.cookie) })).statusCode).toBe(200);
  });
});
