import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { labelsAfter } from "@common/api/encryption-rotation-labels";
import { isSealedLabel } from "@common/api/sealed-labels";
import { backupKeyFrom, createBackupKey, type LabelPlace, MIN_KDF_ITERATIONS, openLabel, sealLabel } from "@common/end-to-end-encryption";
import { type LabelSpot, type PlainLabelApi, type PlainLabelAt, type SealedPlainLabel, sealPlainLabels } from "@common/plain-label-sealing";
import { users } from "../accounts/table";
import { backupTabGroups, backupWindows } from "./browser-tables";
import { backupTabsView, savedSessions } from "./table";
import { browserBackup } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

const PASSPHRASE = "correct horse battery staple";
const LABELS = "/api/account/encryption/tab-locations/labels";

/** Labels stored readable before "Also encrypt titles and addresses" was turned on, sealed afterwards in the browser (decision 246). */
describe("labels stored before the switch, sealed in the browser (decision 246)", () => {
  const server = useTestApp();
  const made = createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);

  /**
   * An account with encryption on and `backups` backups stored while titles and addresses were readable: each with a
   * window name and a group title, renamed, noted and tagged (`tags` tags each) in the clear. `seal` turns the switch on.
   */
  async function account(email: string, { backups = 1, tags = 1, seal = true } = {}) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    const db = server.database.db;
    await db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const asBrowser = withSession(cookie);
    const token = (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Laptop" }, ...asBrowser })).json().token as string;
    const asDevice = { headers: { authorization: `Bearer ${token}` } };
    const { stored, rawKey } = await made;
    const key = await backupKeyFrom(rawKey);
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: stored }, ...asBrowser })).statusCode).toBe(201);
    const ids: string[] = [];
    for (let n = 0; n < backups; n += 1) {
      const payload = browserBackup(3, { capturedAt: 1795420800000 + n * 60_000, groups: [{ groupId: 7, windowId: 100, title: `Research ${n}`, color: "blue", collapsed: false }] });
      payload.windows[0]!.name = `Paperwork ${n}`;
      const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload, ...asDevice });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    for (const { id } of await db.select({ id: savedSessions.id }).from(savedSessions).where(eq(savedSessions.userId, (await userIdOf(email))))) {
      const n = ids.length;
      ids.push(id);
      const change = { sessionName: `Tax return ${n}`, note: `Due in April ${n}`, addTags: Array.from({ length: Math.min(tags, 20) }, (_, t) => `finance-${n}-${t}`) };
      expect((await server.app.inject({ method: "PATCH", url: `/api/library/backups/${id}`, payload: change, ...asBrowser })).statusCode).toBe(200);
      // More tags than one request adds: stored as a page before decision 237 left them.
      if (tags > 20) await db.update(savedSessions).set({ tags: Array.from({ length: tags }, (_, t) => `finance-${n}-${t}`) }).where(eq(savedSessions.id, id));
    }
    if (seal) expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...asBrowser })).statusCode).toBe(200);
    return { asBrowser, asDevice, key, ids, userId: await userIdOf(email) };
  }

  async function userIdOf(email: string): Promise<string> {
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return user!.id;
  }

  /** The pass's calls through `app.inject`; `closeAfter` makes the page "close" after that many writes. */
  function injectedApi(asBrowser: object, { closeAfter = Infinity, limit = 100 } = {}): PlainLabelApi & { writes: number } {
    const call = async (method: "GET" | "PUT", url: string, payload?: object) => {
      const response = await server.app.inject({ method, url, ...(payload ? { payload } : {}), ...asBrowser });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const api = {
      writes: 0,
      list: async (after: LabelSpot | null) => {
        const query = new URLSearchParams(Object.entries({ ...labelsAfter(after), limit }).map(([name, value]) => [name, String(value)]));
        return (await call("GET", `${LABELS}?${query}`)) as { labels: PlainLabelAt[]; remaining: number };
      },
      write: async (labels: SealedPlainLabel[]) => {
        if (api.writes >= closeAfter) throw new Error("the page closed");
        api.writes += 1;
        return (await call("PUT", LABELS, { labels })) as { remaining: number };
      },
    };
    return api;
  }

  /** What the Account page reads: how many readable labels the server counts. */
  const countLeft = async (asBrowser: object) => (await server.app.inject({ method: "GET", url: `${LABELS}?limit=1`, ...asBrowser })).json<{ remaining: number }>().remaining;

  /** Every label of the account's backups, with the place it is bound to. */
  async function labelsOf(userId: string): Promise<{ value: string; place: LabelPlace }[]> {
    const db = server.database.db;
    const found: { value: string; place: LabelPlace }[] = [];
    for (const backup of await db.select().from(savedSessions).where(eq(savedSessions.userId, userId))) {
      const backupId = backup.id;
      found.push({ value: backup.sessionName, place: { kind: "backup-name", backupId } });
      if (backup.note) found.push({ value: backup.note, place: { kind: "note", backupId } });
      for (const tag of backup.tags ?? []) found.push({ value: tag, place: { kind: "tag", backupId } });
      for (const group of await db.select().from(backupTabGroups).where(eq(backupTabGroups.sessionId, backupId))) found.push({ value: group.title, place: { kind: "group-title" } });
      for (const window of await db.select().from(backupWindows).where(eq(backupWindows.sessionId, backupId))) if (window.name) found.push({ value: window.name, place: { kind: "window-name" } });
    }
    return found;
  }

  it("signed out 401, a device token 403, encryption off or the switch off 409", async () => {
    expect((await server.app.inject({ method: "GET", url: LABELS })).statusCode).toBe(401);
    expect((await server.app.inject({ method: "PUT", url: LABELS, payload: { labels: [] } })).statusCode).toBe(401);
    const off = await account("switch-off@example.com", { seal: false });
    expect((await server.app.inject({ method: "GET", url: LABELS, ...off.asDevice })).statusCode).toBe(403);
    const refused = await server.app.inject({ method: "GET", url: LABELS, ...off.asBrowser });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Also encrypt titles and addresses/);
    const sealed = await sealLabel(off.key, "Tax return 0", { kind: "backup-name", backupId: off.ids[0]! });
    const write = await server.app.inject({ method: "PUT", url: LABELS, payload: { labels: [{ backupId: off.ids[0], kind: "backup-name", index: 0, sealed, replaces: "Tax return 0" }] }, ...off.asBrowser });
    expect(write.statusCode).toBe(409);
    expect((await labelsOf(off.userId)).some(({ value }) => isSealedLabel(value))).toBe(false);
    const { cookie } = await signIn(server.app, server.mailDir, "no-encryption@example.com");
    expect((await server.app.inject({ method: "GET", url: LABELS, ...withSession(cookie) })).statusCode).toBe(409);
  });

  it("seals 200 names, tags, notes, group titles and window names stored before the switch, in pages, each opening for its place; then none are left", async () => {
    const owner = await account("two-hundred@example.com", { backups: 4, tags: 46 });
    const before = await labelsOf(owner.userId);
    expect(before).toHaveLength(4 * (1 + 1 + 46 + 1 + 1));
    expect(await countLeft(owner.asBrowser)).toBe(200);
    const api = injectedApi(owner.asBrowser);
    const outcome = await sealPlainLabels(api, owner.key);
    expect(outcome).toEqual({ sealed: 200, remaining: 0 });
    expect(api.writes).toBe(2);
    expect(await countLeft(owner.asBrowser)).toBe(0);
    const after = await labelsOf(owner.userId);
    expect(after.every(({ value }) => isSealedLabel(value))).toBe(true);
    const opened = await Promise.all(after.map(({ value, place }) => openLabel(owner.key, value, place)));
    expect(opened.sort()).toEqual(before.map(({ value }) => value).sort());
    // Bound to its backup: a name does not open as another backup's.
    const name = after.find(({ place }) => place.kind === "backup-name")!;
    await expect(openLabel(owner.key, name.value, { kind: "backup-name", backupId: owner.ids.find((id) => id !== (name.place as { backupId: string }).backupId)! })).rejects.toThrow();
    // The tabs stored before stay as they were: readable (decision 246 seals labels only).
    const tabs = await server.database.db.select({ title: backupTabsView.title, sealedLocation: backupTabsView.sealedLocation }).from(backupTabsView).where(eq(backupTabsView.sessionId, owner.ids[0]!));
    expect(tabs.every(({ title, sealedLocation }) => title.startsWith("Page ") && sealedLocation === null)).toBe(true);
  });

  it("a pass stopped halfway leaves each label readable or sealed, counts what is left, and resumed it seals the rest", async () => {
    const owner = await account("resumed@example.com", { backups: 2, tags: 3 });
    // 2 × (name, note, 3 tags, group title, window name) = 14 labels, 4 a page: the page closes after the first write.
    const closing = injectedApi(owner.asBrowser, { closeAfter: 1, limit: 4 });
    await expect(sealPlainLabels(closing, owner.key)).rejects.toThrow(/page closed/);
    const halfway = await labelsOf(owner.userId);
    expect(halfway.filter(({ value }) => isSealedLabel(value))).toHaveLength(4);
    expect(await countLeft(owner.asBrowser)).toBe(10);
    const progress: number[] = [];
    const outcome = await sealPlainLabels(injectedApi(owner.asBrowser, { limit: 4 }), owner.key, (_sealed, remaining) => progress.push(remaining));
    expect(outcome).toEqual({ sealed: 10, remaining: 0 });
    expect(progress).toEqual([6, 2, 0]);
    for (const { value, place } of await labelsOf(owner.userId)) expect(await openLabel(owner.key, value, place)).toMatch(/\d/);
  });

  it("a label renamed between its listing and its write is not overwritten: the batch is refused whole, and the next pass seals the new name", async () => {
    const owner = await account("renamed@example.com");
    const api = injectedApi(owner.asBrowser);
    const { labels } = await api.list(null);
    // Another browser that has not heard of the switch renames the backup in the clear meanwhile.
    expect((await server.app.inject({ method: "PATCH", url: `/api/library/backups/${owner.ids[0]}`, payload: { sessionName: "Renamed elsewhere" }, ...owner.asBrowser })).statusCode).toBe(200);
    const sealed = await Promise.all(labels.map(async ({ plain, ...spot }) => ({ ...spot, sealed: await sealLabel(owner.key, plain, spot.kind === "group-title" || spot.kind === "window-name" ? { kind: spot.kind } : { kind: spot.kind, backupId: spot.backupId }), replaces: plain })));
    const refused = await server.app.inject({ method: "PUT", url: LABELS, payload: { labels: sealed }, ...owner.asBrowser });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/backup-name .* has changed since it was listed/);
    expect((await labelsOf(owner.userId)).some(({ value }) => isSealedLabel(value))).toBe(false);
    await sealPlainLabels(api, owner.key);
    const name = (await labelsOf(owner.userId)).find(({ place }) => place.kind === "backup-name")!;
    expect(await openLabel(owner.key, name.value, name.place)).toBe("Renamed elsewhere");
  });

  it("refuses a batch whole: another account's backup, a value not sealed, one sealed already, another key's id, hostile, malformed and oversized", async () => {
    const owner = await account("hostile-plain@example.com");
    const stranger = await account("stranger-plain@example.com");
    const backupId = owner.ids[0]!;
    const sealedName = await sealLabel(owner.key, "Tax return 0", { kind: "backup-name", backupId });
    const good = { backupId, kind: "backup-name", index: 0, sealed: sealedName, replaces: "Tax return 0" };
    const note = { backupId, kind: "note", index: 0, replaces: "Due in April 0" };
    const sealedNote = await sealLabel(owner.key, "Due in April 0", { kind: "note", backupId });
    // The stranger's first tag, sealed by its own key: its backup is not this account's.
    const strangersTag = { backupId: stranger.ids[0], kind: "tag", index: 1, sealed: await sealLabel(stranger.key, "finance-0-0", { kind: "tag", backupId: stranger.ids[0]! }), replaces: "finance-0-0" };
    const batches: [object, RegExp][] = [
      [{ labels: [good, strangersTag] }, /not a label of this account's/],
      [{ labels: [good, { ...note, sealed: "Due in April 0" }] }, /not a sealed value/],
      [{ labels: [good, { ...note, sealed: "tv2.not-sealed" }] }, /not a sealed value/],
      [{ labels: [good, { ...note, sealed: await sealLabel(owner.key, "Due in April 0", { kind: "note", backupId }, "Z".repeat(22)) }] }, /key this account does not use/],
      [{ labels: [good, { ...good, kind: "tag", index: 9 }] }, /not a label of this account's/],
      [{ labels: [good, { ...note, sealed: sealedNote, replaces: "Due in May" }] }, /changed since it was listed/],
      [{ labels: [good, good] }, /twice/],
      [{ labels: [{ ...good, sealed: `tv2.${"A".repeat(16)}.${"A".repeat(20_000)}` }] }, /at most/],
      [{ labels: [{ ...good, kind: "tag", index: 1, sealed: `tv2.${"A".repeat(16)}.${"A".repeat(2_000)}`, replaces: "finance-0-0" }] }, /longer than an encrypted tag/],
      [{ labels: [{ ...good, kind: "title" }] }, /not a kind of label/],
      [{ labels: [{ ...good, index: -1 }] }, /at least 0/],
      [{ labels: [{ ...good, backupId: "x" }] }, /Not a backup id/],
      [{ labels: [{ ...good, replaces: "Tax\u0000return" }] }, /./],
      [{ labels: [{ ...good, replaces: "x".repeat(2_001) }] }, /replaces has at most/],
      [{ labels: [{ ...good, extra: 1 }] }, /./],
      [{ labels: Array.from({ length: 101 }, () => good) }, /At most 100/],
      [{ labels: [] }, /empty/],
      [{}, /./],
    ];
    const before = await labelsOf(owner.userId);
    for (const [payload, message] of batches) {
      const refused = await server.app.inject({ method: "PUT", url: LABELS, payload, ...owner.asBrowser });
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    // A body past the server's limit is refused before it is read, still with a message.
    const huge = await server.app.inject({ method: "PUT", url: LABELS, payload: { labels: [{ ...good, replaces: "x".repeat(2 * 1024 * 1024) }] }, ...owner.asBrowser });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
    for (const query of ["afterIndex=-1", "limit=0", "limit=1000", "afterBackup=x", "afterKind=title"]) {
      expect((await server.app.inject({ method: "GET", url: `${LABELS}?${query}`, ...owner.asBrowser })).statusCode).toBe(400);
    }
    expect(await labelsOf(owner.userId)).toEqual(before);
    expect((await labelsOf(stranger.userId)).some(({ value }) => isSealedLabel(value))).toBe(false);

    // The good label alone is written; written again, it is sealed already.
    const written = await server.app.inject({ method: "PUT", url: LABELS, payload: { labels: [good] }, ...owner.asBrowser });
    expect(written.json()).toEqual({ sealed: 1, remaining: 4 });
    const again = await server.app.inject({ method: "PUT", url: LABELS, payload: { labels: [good] }, ...owner.asBrowser });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/encrypted already/);
  });
});
