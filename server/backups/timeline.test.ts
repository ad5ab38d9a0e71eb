import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BACKUP_TIMELINE, backupChangesSchema, backupMomentsSchema, type BackupChanges } from "@common/api/backup-timeline";
import type { BrowserTabInput } from "@common/api/browser-backups";
import { backupKeyFrom, createBackupKey, MIN_KDF_ITERATIONS, sealTabLocation } from "@common/end-to-end-encryption";
import { users } from "../accounts/table";
import { browserBackup, browserTab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

/** A tab at `address` (https://example.com/page/<address>), `title` as given or "Page <address>". */
const at = (address: number, title?: string): BrowserTabInput => browserTab(address, { title: title ?? `Page ${address}`, scrollPosition: { x: 0, y: 0 }, lastAccessed: null });

describe("a device's timeline: its moments and what changed between two (decision 222)", () => {
  let now = Date.parse("2026-11-20T09:00:00Z");
  const server = useTestApp({ clock: () => new Date(now) });
  const made = createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS);
  const keyOf = async () => backupKeyFrom((await made).rawKey);

  async function account(email: string) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    return withSession(cookie);
  }
  /** An automatic backup of `tabs` from `deviceName`, five minutes after the one before. */
  async function backUp(as: object, tabs: BrowserTabInput[], deviceName = "Chrome on Linux"): Promise<string> {
    now += 5 * 60_000;
    const upload = browserBackup(0, { trigger: "auto_backup", deviceName, capturedAt: now });
    upload.windows[0]!.tabs = tabs.map((tab, index) => ({ ...tab, index, active: index === 0 }));
    upload.groups = [];
    const response = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: upload as object, ...as });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ backupId: string }>().backupId;
  }
  const get = (url: string, as: object = {}) => server.app.inject({ method: "GET", url, ...as });
  const changesOf = async (as: object, until: string, since: string): Promise<BackupChanges> => {
    const response = await get(`/api/saved-sessions/${until}/changes?since=${since}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return backupChangesSchema.parse(response.json());
  };
  const urls = (tabs: { url: string }[]) => tabs.map((tab) => tab.url.replace("https://example.com/page/", ""));

  it("lists one device's backups newest first, a page at a time, and not another device's", async () => {
    const as = await account("moments@example.com");
    const first = await backUp(as, [at(1), at(2)]);
    const laptop = await backUp(as, [at(9)], "Firefox on Windows");
    const second = await backUp(as, [at(1), at(3)]);
    const third = await backUp(as, [at(1), at(3), at(4)]);

    const all = backupMomentsSchema.parse((await get(`/api/saved-sessions/${first}/moments`, as)).json());
    expect(all).toMatchObject({ deviceName: "Chrome on Linux", browserType: "chrome", more: false });
    expect(all.moments.map((moment) => [moment.id, moment.tabCount, moment.triggerEvent])).toEqual([
      [third, 3, "auto_backup"],
      [second, 2, "auto_backup"],
      [first, 2, "auto_backup"],
    ]);
    expect(all.moments.map((moment) => moment.createdAt)).toEqual([new Date(now).toISOString(), new Date(now - 5 * 60_000).toISOString(), new Date(now - 15 * 60_000).toISOString()]);

    const page = backupMomentsSchema.parse((await get(`/api/saved-sessions/${third}/moments?limit=2`, as)).json());
    expect(page.moments.map((moment) => moment.id)).toEqual([third, second]);
    expect(page.more).toBe(true);
    const rest = backupMomentsSchema.parse((await get(`/api/saved-sessions/${third}/moments?limit=2&before=${encodeURIComponent(page.moments[1]!.createdAt)}`, as)).json());
    expect(rest).toMatchObject({ more: false, moments: [{ id: first }] });

    const other = backupMomentsSchema.parse((await get(`/api/saved-sessions/${laptop}/moments`, as)).json());
    expect(other.moments.map((moment) => moment.id)).toEqual([laptop]);
  });

  it("says which tabs were opened and closed: the same content or the same address is the same tab, a tab open twice counts twice", async () => {
    const as = await account("changes@example.com");
    const first = await backUp(as, [at(1), at(2), at(3)]);
    // Page 2's title changed: still open. Page 3 closed, page 4 opened.
    const second = await backUp(as, [at(1), at(2, "Page 2, read further"), at(4)]);
    const third = await backUp(as, [at(1), at(4), at(5), at(5)]);

    const step = await changesOf(as, second, first);
    expect(urls(step.opened)).toEqual(["4"]);
    expect(urls(step.closed)).toEqual(["3"]);
    expect(step.stillOpen).toBe(2);
    expect(step).toMatchObject({ since: { id: first, tabCount: 3 }, until: { id: second, tabCount: 3 }, sealedToCompare: { since: [], until: [] } });
    expect(step.opened[0]).toMatchObject({ title: "Page 4", faviconUrl: "https://example.com/favicon.ico", sealedLocation: null });

    const span = await changesOf(as, third, first);
    expect(urls(span.opened)).toEqual(["4", "5", "5"]);
    expect(urls(span.closed)).toEqual(["2", "3"]);
    expect(span.stillOpen).toBe(1);

    // Backwards in time the same change reads the other way round; a moment against itself changed nothing.
    const back = await changesOf(as, first, third);
    expect([urls(back.opened), urls(back.closed), back.stillOpen]).toEqual([["2", "3"], ["4", "5", "5"], 1]);
    const same = await changesOf(as, third, third);
    expect([same.opened, same.closed, same.stillOpen]).toEqual([[], [], 4]);
  });

  it("pairs sealed tabs by their stored content and gives the others back sealed, for the browser holding the key to compare", async () => {
    const as = await account("sealed-timeline@example.com");
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: (await made).stored }, ...as })).statusCode).toBe(201);
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...as })).statusCode).toBe(200);
    const sealed = async (page: string): Promise<BrowserTabInput> => ({
      ...at(0),
      url: "",
      title: "",
      faviconUrl: null,
      // Bound to the tab's form entries and scroll it is stored beside (decision 225).
      sealedLocation: await sealTabLocation(await keyOf(), { url: `https://private.example/${page}`, title: page, faviconUrl: null }, at(0)),
    });
    const kept = await sealed("kept");
    const first = await backUp(as, [kept, await sealed("bank")]);
    // The extension seals each upload afresh: the same page may come back as another sealed content.
    const second = await backUp(as, [kept, await sealed("bank"), await sealed("mail")]);

    const changes = await changesOf(as, second, first);
    expect([changes.opened, changes.closed, changes.stillOpen]).toEqual([[], [], 1]);
    expect(changes.sealedToCompare.since).toHaveLength(1);
    expect(changes.sealedToCompare.until).toHaveLength(2);
    for (const tab of [...changes.sealedToCompare.since, ...changes.sealedToCompare.until]) {
      expect(tab).toMatchObject({ url: "", title: "", sealedLocation: expect.stringMatching(/^tv2\./) });
    }
  });

  it("answers 401 signed out, 404 for another account's backups, 400 for malformed or oversized asks; never a 500", async () => {
    const owner = await account("timeline-owner@example.com");
    const stranger = await account("timeline-stranger@example.com");
    const mine = await backUp(owner, [at(1)]);
    const theirs = await backUp(stranger, [at(1)]);

    expect((await get(`/api/saved-sessions/${mine}/moments`)).statusCode).toBe(401);
    expect((await get(`/api/saved-sessions/${mine}/changes?since=${mine}`)).statusCode).toBe(401);

    for (const url of [`/api/saved-sessions/${theirs}/moments`, `/api/saved-sessions/${theirs}/changes?since=${mine}`, `/api/saved-sessions/${mine}/changes?since=${theirs}`]) {
      const response = await get(url, owner);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, { message: "Session not found" }]);
    }

    const refused: [string, string][] = [
      ["/api/saved-sessions/not-an-id/moments", "Not a session id"],
      [`/api/saved-sessions/${mine}/moments?limit=${BACKUP_TIMELINE.maxLimit + 1}`, `limit is at most ${BACKUP_TIMELINE.maxLimit}`],
      [`/api/saved-sessions/${mine}/moments?limit=0`, "limit is at least 1"],
      [`/api/saved-sessions/${mine}/moments?before=yesterday`, "before is a date and time"],
      [`/api/saved-sessions/${mine}/moments?everything=1`, "everything"],
      [`/api/saved-sessions/${mine}/changes`, "since"],
      [`/api/saved-sessions/${mine}/changes?since=${"f".repeat(5000)}`, "since is a backup's id"],
      [`/api/saved-sessions/${mine}/changes?since=%00`, "since"],
    ];
    for (const [url, message] of refused) {
      const response = await get(url, owner);
      expect([url.slice(0, 80), response.statusCode]).toEqual([url.slice(0, 80), 400]);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
  });
});
