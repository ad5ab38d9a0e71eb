import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FormEncryption } from "@common/api/encryption";
import {
  asSealedFormData,
  backupKeyFrom,
  createBackupKey,
  keyIdOf,
  type LabelPlace,
  MIN_KDF_ITERATIONS,
  openFormData,
  openLabel,
  openTabLocation,
  sealedFormDataOf,
  sealedKeyIdOf,
  sealFormData,
  sealLabel,
  sealTabLocation,
  unwrapBackupKey,
} from "@common/end-to-end-encryption";
import { rotateKey } from "@common/key-rotation";
import { users } from "../accounts/table";
import { rowsOf } from "../db/rows";
import { backupTabGroups, backupWindows } from "./browser-tables";
import { backupTabsView, savedSessions } from "./table";
import { browserBackup, browserTab } from "../test/backup-payloads";
import { injectedRotationApi } from "../test/rotation-api";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

const PASSPHRASE = "correct horse battery staple";
const typed = { amount: "25", payee: "Landlord" };
type KeyOn = Extract<FormEncryption, { enabled: true }>;

describe("a key rotation and the library's Undo (decision 247)", () => {
  const server = useTestApp();
  const made = createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);
  const db = () => server.database.db;

  /**
   * An account sealing everything: two backups of sealed tabs (one with sealed form entries), a sealed group title and
   * window name, each backup given a sealed name and tag, then merged, so the Undo keeps both as they were, sealed.
   */
  async function mergedAccount(email: string) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await db().update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const asBrowser = withSession(cookie);
    const token = (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Laptop" }, ...asBrowser })).json().token as string;
    const asDevice = { headers: { authorization: `Bearer ${token}` } };
    const key = await backupKeyFrom((await made).rawKey);
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: (await made).stored }, ...asBrowser })).statusCode).toBe(201);
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...asBrowser })).statusCode).toBe(200);
    for (const count of [2, 3]) {
      const backup = browserBackup(count);
      backup.windows[0]!.tabs = await Promise.all(
        backup.windows[0]!.tabs.map(async (tab, n) => {
          const page = `https://clinic.example/${count}/${n}`;
          const formData = n === 0 ? asSealedFormData(await sealFormData(key, typed, page)) : {};
          const sealedLocation = await sealTabLocation(key, { url: page, title: `Results ${count}.${n}`, faviconUrl: null }, { formData, scrollPosition: tab.scrollPosition });
          return browserTab(n, { groupId: tab.groupId, url: "", title: "", faviconUrl: null, formData, sealedLocation });
        }),
      );
      backup.groups = [{ ...backup.groups![0]!, title: await sealLabel(key, `Taxes ${count}`, { kind: "group-title" }) }];
      backup.windows[0]!.name = await sealLabel(key, `Paperwork ${count}`, { kind: "window-name" });
      expect((await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: backup, ...asDevice })).statusCode).toBe(201);
    }
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = user!.id;
    const backupIds = (await db().select({ id: savedSessions.id, tabCount: savedSessions.tabCount }).from(savedSessions).where(eq(savedSessions.userId, userId))).sort((a, b) => a.tabCount - b.tabCount).map(({ id }) => id);
    for (const [n, backupId] of backupIds.entries()) {
      const change = {
        sessionName: await sealLabel(key, `Tax return ${n}`, { kind: "backup-name", backupId }),
        addTags: [await sealLabel(key, `finance ${n}`, { kind: "tag", backupId })],
      };
      expect((await server.app.inject({ method: "PATCH", url: `/api/library/backups/${backupId}`, payload: change, ...asBrowser })).statusCode).toBe(200);
    }
    const merged = await server.app.inject({ method: "POST", url: "/api/library/merges", payload: { backupIds }, ...asBrowser });
    expect(merged.statusCode).toBe(201);
    return { asBrowser, userId, key, backupIds };
  }

  /** The account's Undo as stored (decision 157): every row the last organise action changed, as it was. */
  async function undoOf(userId: string): Promise<string | null> {
    const [row] = rowsOf<{ before: unknown }>(await db().execute(sql`select before from library_last_changes where user_id = ${userId}::uuid`));
    return row ? JSON.stringify(row.before) : null;
  }

  /** Every sealed value the Undo keeps: `tv2.` ones before a rotation, `tv3.<key id>.` after. */
  const sealedIn = (undo: string | null) => [...(undo ?? "").matchAll(/tv[23]\.(?:[A-Za-z0-9_-]{22}\.)?[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}/g)].map(([value]) => value);

  /** Every backup of the account opens with `key`: tabs bound to their companions, labels to their places. */
  async function expectBackupsOpen(userId: string, key: CryptoKey, keyId: string) {
    const backups = await db().select().from(savedSessions).where(eq(savedSessions.userId, userId));
    const labels: { sealed: string; place: LabelPlace }[] = [];
    const opened: string[] = [];
    for (const backup of backups) {
      const backupId = backup.id;
      labels.push({ sealed: backup.sessionName, place: { kind: "backup-name", backupId } }, ...(backup.tags ?? []).map((tag) => ({ sealed: tag, place: { kind: "tag" as const, backupId } })));
      for (const group of await db().select().from(backupTabGroups).where(eq(backupTabGroups.sessionId, backupId))) labels.push({ sealed: group.title, place: { kind: "group-title" } });
      for (const window of await db().select().from(backupWindows).where(eq(backupWindows.sessionId, backupId))) if (window.name) labels.push({ sealed: window.name, place: { kind: "window-name" } });
      for (const tab of await db().select().from(backupTabsView).where(eq(backupTabsView.sessionId, backupId))) {
        const location = await openTabLocation(key, tab.sealedLocation!, { formData: tab.formData, scrollPosition: { x: tab.scrollX, y: tab.scrollY } });
        opened.push(location.title);
        const form = sealedFormDataOf(tab.formData);
        if (form) expect(await openFormData(key, form, location.url)).toEqual(typed);
        for (const value of [tab.sealedLocation, form]) if (value) expect(sealedKeyIdOf(value)).toBe(keyId);
      }
    }
    for (const { sealed, place } of labels) {
      expect(sealedKeyIdOf(sealed)).toBe(keyId);
      opened.push(await openLabel(key, sealed, place));
    }
    return opened.sort();
  }

  it("re-seals what the Undo keeps: undone after the rotation, the merged backups come back with tabs, names, tags, group titles and window names the new key opens", async () => {
    const owner = await mergedAccount("undo-rotated@example.com");
    const before = sealedIn(await undoOf(owner.userId));
    // 5 tab locations, 2 form entries, 2 names, 2 tags, 2 group titles, 2 window names.
    expect(before).toHaveLength(15);
    const api = injectedRotationApi(server.app, owner.asBrowser, Infinity, 3);
    const outcome = await rotateKey(api, PASSPHRASE);
    expect(outcome).toMatchObject({ finished: true, unreadable: 0 });
    const after = (await api.read()) as KeyOn;
    expect(after.rotation).toBeNull();
    const resealed = sealedIn(await undoOf(owner.userId));
    expect(resealed).toHaveLength(15);
    for (const value of resealed) expect(sealedKeyIdOf(value)).toBe(after.keyId);

    const undone = await server.app.inject({ method: "POST", url: "/api/library/undo", ...owner.asBrowser });
    expect(undone.statusCode).toBe(200);
    const newKey = await backupKeyFrom(await unwrapBackupKey(PASSPHRASE, after.key));
    expect((await db().select({ id: savedSessions.id }).from(savedSessions).where(eq(savedSessions.userId, owner.userId))).map(({ id }) => id).sort()).toEqual([...owner.backupIds].sort());
    expect(await expectBackupsOpen(owner.userId, newKey, after.keyId!)).toEqual(
      ["Paperwork 2", "Paperwork 3", "Results 2.0", "Results 2.1", "Results 3.0", "Results 3.1", "Results 3.2", "Tax return 0", "Tax return 1", "Taxes 2", "Taxes 3", "finance 0", "finance 1"].sort(),
    );
    // The old key opens none of them any more: nothing was put back under it.
    const [name] = await db().select({ sessionName: savedSessions.sessionName }).from(savedSessions).where(eq(savedSessions.id, owner.backupIds[0]!));
    await expect(openLabel(owner.key, name!.sessionName, { kind: "backup-name", backupId: owner.backupIds[0]! })).rejects.toThrow();
  });

  it("keeps the old key while the Undo holds a value under it; an Undo used halfway puts its values back where the resumed rotation re-seals them", async () => {
    const owner = await mergedAccount("undo-halfway@example.com");
    // The merged backup's 5 contents and 4 group titles and window names take 4 writes at 3 a batch; the page closes
    // at the Undo's first.
    const closing = injectedRotationApi(server.app, owner.asBrowser, 4, 3);
    await expect(rotateKey(closing, PASSPHRASE)).rejects.toThrow(/page closed/);
    expect(closing.writes).toBe(4);
    const left = await server.app.inject({ method: "DELETE", url: "/api/account/encryption/rotation", ...owner.asBrowser });
    expect(left.statusCode).toBe(409);
    expect(left.json().message).toBe("13 values the library's Undo keeps are still sealed under the old key: it is kept until they are re-sealed.");
    const listed = (await server.app.inject({ method: "GET", url: "/api/account/encryption/rotation/undo?limit=100", ...owner.asBrowser })).json();
    expect(listed.remaining).toBe(13);
    expect(listed.tabs).toHaveLength(5);
    expect(listed.labels.map(({ kind }: { kind: string }) => kind).sort()).toEqual(["backup-name", "backup-name", "group-title", "group-title", "tag", "tag", "window-name", "window-name"]);

    // Undone now, the old values go back into the stored backups: the resumed rotation finds them there.
    expect((await server.app.inject({ method: "POST", url: "/api/library/undo", ...owner.asBrowser })).statusCode).toBe(200);
    const outcome = await rotateKey(injectedRotationApi(server.app, owner.asBrowser), PASSPHRASE);
    expect(outcome).toMatchObject({ finished: true, unreadable: 0 });
    const after = (await closing.read()) as KeyOn;
    const newKey = await backupKeyFrom(await unwrapBackupKey(PASSPHRASE, after.key));
    expect(await expectBackupsOpen(owner.userId, newKey, after.keyId!)).toHaveLength(13);
  });

  /** A rotation of the account started, contents and labels re-sealed, the page closed before the Undo's first write. */
  async function rotatingUpToUndo(owner: { asBrowser: object }) {
    const closing = injectedRotationApi(server.app, owner.asBrowser, 4, 3);
    await expect(rotateKey(closing, PASSPHRASE)).rejects.toThrow(/page closed/);
    const state = (await closing.read()) as KeyOn;
    return { keyId: state.keyId!, newKey: await backupKeyFrom(await unwrapBackupKey(PASSPHRASE, state.key)) };
  }

  const listUndo = async (asBrowser: object) =>
    (await server.app.inject({ method: "GET", url: "/api/account/encryption/rotation/undo?limit=100", ...asBrowser })).json() as Awaited<ReturnType<ReturnType<typeof injectedRotationApi>["listUndo"]>>;
  const writeUndo = (asBrowser: object, payload: object) => server.app.inject({ method: "PUT", url: "/api/account/encryption/rotation/undo", payload, ...asBrowser });

  it("refuses an Undo batch whole: another account's values, a plain value, another key's id, a kind changed, a place holding no such value, one replaced since, too long, twice", async () => {
    const owner = await mergedAccount("undo-hostile@example.com");
    const stranger = await mergedAccount("undo-stranger@example.com");
    const { keyId, newKey } = await rotatingUpToUndo(owner);
    await rotatingUpToUndo(stranger);
    const { tabs, labels } = await listUndo(owner.asBrowser);
    const name = labels.find(({ kind }) => kind === "backup-name")!;
    const place = { kind: "backup-name" as const, backupId: name.backupId };
    const good = { at: name.at, sealed: await sealLabel(newKey, await openLabel(owner.key, name.sealed, place), place, keyId), replacesIv: name.sealed.split(".").at(-2)! };
    const secondName = labels.filter(({ kind }) => kind === "backup-name")[1]!;
    const second = { at: secondName.at, replacesIv: secondName.sealed.split(".").at(-2)! };
    const withForm = tabs.find((tab) => sealedFormDataOf(tab.formData) !== null)!;
    const underNew = await sealTabLocation(newKey, { url: "https://x.example/", title: "", faviconUrl: null }, {}, keyId);
    const tabIv = withForm.sealedLocation!.split(".").at(-2)!;
    const ownersUndo = await undoOf(owner.userId);
    const strangersUndo = await undoOf(stranger.userId);
    const batches: [object, RegExp][] = [
      // The stranger's own Undo has values at the same places, under other IVs: the owner's listing opens nothing there.
      [{ labels: [good] }, /changed since it was listed/],
      [{ labels: [good, { ...second, sealed: "Tax return" }] }, /not a sealed value/],
      [{ labels: [good, { ...second, sealed: await sealLabel(newKey, "Tax return 1", place, "Z".repeat(22)) }] }, /not sealed under the account's new key/],
      [{ labels: [{ ...good, sealed: await sealLabel(newKey, "Tax return 0", place) }] }, /not sealed under the account's new key/],
      [{ labels: [good], tabs: [{ at: withForm.at, sealedLocation: null, formData: withForm.formData, replacesIv: tabIv }] }, /title and address are sealed only if they were/],
      [{ labels: [good], tabs: [{ at: withForm.at, sealedLocation: underNew, formData: { note: "plain" }, replacesIv: tabIv }] }, /form entries are sealed only if they were/],
      [{ labels: [good], tabs: [{ at: second.at, sealedLocation: underNew, formData: {}, replacesIv: tabIv }] }, /Nothing at \d+ of the Undo is an encrypted tab/],
      [{ labels: [{ ...good, at: withForm.at }] }, /Nothing at \d+ of the Undo is an encrypted label/],
      [{ labels: [{ ...good, at: 999 }] }, /Nothing at 999/],
      [{ labels: [good, good] }, /twice/],
      [{ labels: [{ ...good, sealed: `tv3.${keyId}.${"A".repeat(16)}.${"A".repeat(20_000)}` }] }, /at most/],
      [{ labels: [{ ...good, replacesIv: "short" }] }, /replacesIv is not/],
      [{ labels: Array.from({ length: 101 }, (_, n) => ({ ...good, at: n + 1 })) }, /At most 100/],
      [{}, /both empty/],
      [{ labels: [{ ...good, kind: "tag" }] }, /./],
    ];
    for (const [index, [payload, message]] of batches.entries()) {
      const refused = await writeUndo(index === 0 ? stranger.asBrowser : owner.asBrowser, payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    for (const query of ["after=-1", "limit=0", "limit=1000", "after=x"]) {
      expect((await server.app.inject({ method: "GET", url: `/api/account/encryption/rotation/undo?${query}`, ...owner.asBrowser })).statusCode).toBe(400);
    }
    expect(await undoOf(owner.userId)).toBe(ownersUndo);
    expect(await undoOf(stranger.userId)).toBe(strangersUndo);
    // The stranger's listing holds none of the owner's values.
    const strangers = await listUndo(stranger.asBrowser);
    expect(strangers.labels.map(({ backupId }) => backupId).filter((id) => owner.backupIds.includes(id))).toEqual([]);

    // Another organise action meanwhile replaces the Undo: the listed place holds nothing of the kind, nothing is written.
    const [merged] = (await db().select({ id: savedSessions.id }).from(savedSessions).where(eq(savedSessions.userId, owner.userId)));
    expect((await server.app.inject({ method: "PATCH", url: `/api/library/backups/${merged!.id}`, payload: { addTags: ["later"] }, ...owner.asBrowser })).statusCode).toBe(200);
    const stale = await writeUndo(owner.asBrowser, { labels: [good] });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/^Nothing at \d+ of the Undo is an encrypted label: the Undo was used or replaced since it was listed/);
  });

  it("a value a hostile server moved inside the Undo opens under neither key: it is left, the old key kept for it, and the rotation says so", async () => {
    const owner = await mergedAccount("undo-moved@example.com");
    const undo = JSON.parse((await undoOf(owner.userId))!) as { saved_sessions: { id: string; session_name: string }[] };
    // The first backup's sealed name put on the second: bound to the first, it opens nowhere else (decision 237).
    undo.saved_sessions[1]!.session_name = undo.saved_sessions[0]!.session_name;
    await db().execute(sql`update library_last_changes set before = ${JSON.stringify(undo)}::jsonb where user_id = ${owner.userId}::uuid`);
    const outcome = await rotateKey(injectedRotationApi(server.app, owner.asBrowser, Infinity, 3), PASSPHRASE);
    expect(outcome).toMatchObject({ finished: false, unreadable: 1 });
    const state = (await server.app.inject({ method: "GET", url: "/api/account/encryption", ...owner.asBrowser })).json() as KeyOn;
    expect(state.rotation?.previousKeyId).toBe(await keyIdOf(owner.key));
    const refused = await server.app.inject({ method: "DELETE", url: "/api/account/encryption/rotation", ...owner.asBrowser });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("1 values the library's Undo keeps are still sealed under the old key: it is kept until they are re-sealed.");
    expect((await listUndo(owner.asBrowser)).labels.map(({ kind }) => kind)).toEqual(["backup-name"]);
  });
});
