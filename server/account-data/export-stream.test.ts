import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountExportSchema, type AccountExport } from "@common/api/account-data";
import { users } from "../accounts/table";
import { insertBackup } from "../backups/backup-insert";
import { backupPagesOfUserForExport, EXPORT_BACKUP_PAGE_SIZE } from "../backups/export";
import { savedSessions } from "../backups/table";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { accountExportDocument, type AccountExportHead } from "./export-document";

const BACKUPS = 300;
const TABS = 50;

describe("the account export, written as a stream (decision 221)", () => {
  const now = Date.parse("2026-11-23T10:00:00Z");
  const server = useTestApp({ clock: () => new Date(now) });

  it(`exports ${BACKUPS} backups of ${TABS} tabs whole, oldest first, each once across pages, in the bytes the contract's serializer writes`, async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "many-backups@example.com");
    const [user] = await server.database.db.select().from(users).where(eq(users.email, "many-backups@example.com"));
    const base = Date.parse("2026-06-01T00:00:00Z");
    for (let b = 0; b < BACKUPS; b += 1) {
      await insertBackup(server.database.db, {
        userId: user!.id,
        sessionName: `Backup ${b}`,
        triggerEvent: "auto_save",
        deviceName: "Laptop",
        browserType: "chrome",
        windowId: null,
        clientSessionId: null,
        // Three backups a second: pages end inside a run of equal times.
        createdAt: new Date(base + Math.floor(b / 3) * 1000),
        tabs: Array.from({ length: TABS }, (_, t) => ({
          url: `https://example.com/${b}/${t}`,
          title: `Tab ${t} of backup ${b} — “quoted” \\ ünïcode`,
          faviconUrl: null,
          sealedLocation: null,
          isActive: t === 0,
          lastAccessed: new Date(base),
          formData: Object.fromEntries(t === 1 ? [["q", "search words"]] : []),
          scrollX: 0,
          scrollY: t,
        })),
        applications: [],
        event: { eventType: "backup", description: `Backup ${b}` },
      });
    }
    // Microseconds a JavaScript Date cannot hold: a cursor rounded to milliseconds would read a page's last backup twice.
    await server.database.db.execute(sql`update ${savedSessions} set created_at = created_at + interval '437 microseconds' where user_id = ${user!.id}`);
    expect(BACKUPS).toBeGreaterThan(EXPORT_BACKUP_PAGE_SIZE);

    const response = await server.app.inject({ method: "GET", url: "/api/account/export", ...withSession(cookie) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const data = accountExportSchema.parse(JSON.parse(response.body));
    // The same bytes the serializer wrote for the whole object: the contract's order, nothing more.
    expect(response.body).toBe(JSON.stringify(accountExportSchema.encode(data)));
    expect(data.backups).toHaveLength(BACKUPS);
    expect(new Set(data.backups.map((backup) => backup.id)).size).toBe(BACKUPS);
    const createdAt = data.backups.map((backup) => backup.createdAt);
    expect([...createdAt].sort()).toEqual(createdAt);
    expect(new Set(data.backups.map((backup) => backup.name))).toEqual(new Set(Array.from({ length: BACKUPS }, (_, b) => `Backup ${b}`)));
    for (const backup of data.backups) {
      const b = backup.name.slice("Backup ".length);
      expect(backup.tabs.map((tab) => tab.position)).toEqual(Array.from({ length: TABS }, (_, t) => t));
      expect(backup.tabs[1]).toMatchObject({ url: `https://example.com/${b}/1`, formData: { q: "search words" }, scrollY: 1 });
    }

    // Large backups end a page early: with room for 1,000 tabs, pages of 20 backups of 50, the same backups in all.
    const pages: string[][] = [];
    for await (const page of backupPagesOfUserForExport(server.database.db, user!.id, EXPORT_BACKUP_PAGE_SIZE, 1000)) pages.push(page.map((backup) => backup.id));
    expect(pages.map((page) => page.length)).toEqual(Array.from({ length: BACKUPS / 20 }, () => 20));
    expect(pages.flat()).toEqual(data.backups.map((backup) => backup.id));

    const other = await signIn(server.app, server.mailDir, "few-backups@example.com");
    const theirs = accountExportSchema.parse((await server.app.inject({ method: "GET", url: "/api/account/export", ...withSession(other.cookie) })).json());
    expect(theirs.backups).toEqual([]);
  });

  it("a failure midway leaves a document no JSON reader accepts: the closing brace comes only after the last backup", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "failing-export@example.com");
    const whole = accountExportSchema.parse((await server.app.inject({ method: "GET", url: "/api/account/export", ...withSession(cookie) })).json());
    const { backups: _none, ...head } = whole;
    const backup: AccountExport["backups"][number] = {
      id: "b1",
      name: "Backup",
      trigger: "manual_save",
      deviceName: null,
      browserType: null,
      createdAt: whole.exportedAt,
      sizeBytes: 1,
      tabs: [],
      applications: [],
      windows: [],
      tabGroups: [],
    };
    async function* failingPages(): AsyncGenerator<AccountExport["backups"]> {
      yield [backup, backup];
      throw new Error("the database went away");
    }
    const written: string[] = [];
    await expect(async () => {
      for await (const piece of accountExportDocument(head satisfies AccountExportHead, failingPages())) written.push(piece);
    }).rejects.toThrow("the database went away");
    const text = written.join("");
    expect(text).toContain('"backups":[{"id":"b1"');
    expect(text.endsWith("}")).toBe(true); // a backup's own brace…
    expect(() => JSON.parse(text)).toThrow(); // …but never the document's.
  });
});
