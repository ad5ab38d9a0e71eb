import { eq } from "drizzle-orm";
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
import { sealedIvOf } from "@common/api/encryption-rotation-labels";
import { rotateKey } from "@common/key-rotation";
import { users } from "../accounts/table";
import { backupTabGroups, backupWindows } from "./browser-tables";
import { savedSessions, backupTabsView, tabContents } from "./table";
import { browserBackup, browserTab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { injectedRotationApi } from "../test/rotation-api";
import { useTestApp } from "../test/test-app";

const PASSPHRASE = "correct horse battery staple";
const typed = { amount: "25", payee: "Landlord" };

describe("rotating the account's key (issue 32 point 4, decision 239)", () => {
  const server = useTestApp();
  const made = createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);

  /** An account with encryption on, one backup of form entries sealed on plain tabs, one of sealed tabs. */
  async function account(email: string, labelled = false) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const asBrowser = withSession(cookie);
    const token = (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Laptop" }, ...asBrowser })).json().token as string;
    const asDevice = { headers: { authorization: `Bearer ${token}` } };
    const { stored, rawKey } = await made;
    const key = await backupKeyFrom(rawKey);
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: stored }, ...asBrowser })).statusCode).toBe(201);
    const forms = browserBackup(2, { snapshotId: "00000000-0000-4000-8000-0000000000a1" });
    for (const tab of forms.windows[0]!.tabs) tab.formData = asSealedFormData(await sealFormData(key, typed, tab.url));
    expect((await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: forms, ...asDevice })).statusCode).toBe(201);
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...asBrowser })).statusCode).toBe(200);
    const sealed = browserBackup(3, { snapshotId: "00000000-0000-4000-8000-0000000000a2" });
    sealed.windows[0]!.tabs = await Promise.all(
      sealed.windows[0]!.tabs.map(async (tab, n) => {
        const formData = n === 0 ? asSealedFormData(await sealFormData(key, typed, `https://clinic.example/${n}`)) : {};
        const location = { url: `https://clinic.example/${n}`, title: `Results ${n}`, faviconUrl: null };
        return browserTab(n, { groupId: tab.groupId, url: "", title: "", faviconUrl: null, formData, sealedLocation: await sealTabLocation(key, location, { formData, scrollPosition: tab.scrollPosition }) });
      }),
    );
    if (labelled) {
      sealed.groups = [{ ...sealed.groups![0]!, title: await sealLabel(key, "Taxes 2026", { kind: "group-title" }) }];
      sealed.windows[0]!.name = await sealLabel(key, "Paperwork", { kind: "window-name" });
    }
    expect((await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: sealed, ...asDevice })).statusCode).toBe(201);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { asBrowser, asDevice, userId: user!.id, key };
  }

  const injectedApi = (asBrowser: object, failWriteAfter = Infinity, limit = 2) => injectedRotationApi(server.app, asBrowser, failWriteAfter, limit);

  const contentsOf = (userId: string) => server.database.db.select().from(tabContents).where(eq(tabContents.userId, userId)).orderBy(tabContents.id);

  /** Every sealed value of the account opens with `key` to what was sealed, bound where it was. */
  async function expectAllOpen(userId: string, key: CryptoKey) {
    for (const row of await contentsOf(userId)) {
      const location = row.sealedLocation ? await openTabLocation(key, row.sealedLocation, { formData: row.formData, scrollPosition: { x: row.scrollX, y: row.scrollY } }) : null;
      const form = sealedFormDataOf(row.formData);
      if (form) expect(await openFormData(key, form, location?.url ?? row.url)).toEqual(typed);
      if (location) expect(location.title).toMatch(/^Results \d$/);
    }
  }

  it("signed out 401, a device token 403, encryption off or no rotation 409, a stale replaces 409, another account's contents refused", async () => {
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption/rotation/contents" })).statusCode).toBe(401);
    expect((await server.app.inject({ method: "DELETE", url: "/api/account/encryption/rotation" })).statusCode).toBe(401);
    const owner = await account("rotator@example.com");
    expect((await server.app.inject({ method: "DELETE", url: "/api/account/encryption/rotation", ...owner.asDevice })).statusCode).toBe(403);
    const none = await server.app.inject({ method: "GET", url: "/api/account/encryption/rotation/contents", ...owner.asBrowser });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/No key rotation/);

    const next = await createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);
    const nextKey = await backupKeyFrom(next.rawKey);
    const body = { key: next.stored, keyId: await keyIdOf(nextKey), previousKey: next.stored.wrappedKey, previousKeyId: await keyIdOf(owner.key) };
    const stale = await server.app.inject({ method: "POST", url: "/api/account/encryption/rotation", payload: { ...body, replaces: next.stored.wrappedKey }, ...owner.asBrowser });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed somewhere else/);

    // Another account may start its own rotation, but never write into this account's contents.
    const other = await account("other-rotator@example.com");
    const started = await server.app.inject({ method: "POST", url: "/api/account/encryption/rotation", payload: { ...body, replaces: (await made).stored.wrappedKey }, ...other.asBrowser });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ keyId: body.keyId, rotation: { previousKeyId: body.previousKeyId } });
    const again = await server.app.inject({ method: "POST", url: "/api/account/encryption/rotation", payload: { ...body, replaces: next.stored.wrappedKey }, ...other.asBrowser });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already under way/);
    const [ownersContent] = await contentsOf(owner.userId);
    const sealedLocation = await sealTabLocation(nextKey, { url: "https://evil.example/", title: "", faviconUrl: null }, {}, body.keyId);
    const foreign = await server.app.inject({ method: "PUT", url: "/api/account/encryption/rotation/contents", payload: { contents: [{ id: ownersContent!.id, sealedLocation, formData: {} }] }, ...other.asBrowser });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/not one of this account's tabs/);
    expect((await contentsOf(owner.userId))[0]).toEqual(ownersContent);
  });

  /**
   * An account whose labels are sealed (decision 237): the sealed tabs' backup's group title and window name, and a
   * backup's name, a tag and a note. Answers the account and that backup's id.
   */
  async function withSealedLabels(email: string) {
    const owner = await account(email, true);
    const [backup] = await server.database.db.select({ id: savedSessions.id }).from(savedSessions).where(eq(savedSessions.userId, owner.userId)).orderBy(savedSessions.createdAt).limit(1);
    const backupId = backup!.id;
    const change = {
      sessionName: await sealLabel(owner.key, "Tax return", { kind: "backup-name", backupId }),
      note: await sealLabel(owner.key, "Due in April", { kind: "note", backupId }),
      addTags: [await sealLabel(owner.key, "finance", { kind: "tag", backupId })],
    };
    expect((await server.app.inject({ method: "PATCH", url: `/api/library/backups/${backupId}`, payload: change, ...owner.asBrowser })).statusCode).toBe(200);
    return { owner, backupId };
  }

  /** Every sealed label of the account, with the place it is bound to. */
  async function sealedLabelsOf(userId: string): Promise<{ sealed: string; place: LabelPlace }[]> {
    const db = server.database.db;
    const backups = await db.select().from(savedSessions).where(eq(savedSessions.userId, userId));
    const found: { sealed: string; place: LabelPlace }[] = [];
    for (const backup of backups) {
      const backupId = backup.id;
      found.push({ sealed: backup.sessionName, place: { kind: "backup-name", backupId } });
      if (backup.note) found.push({ sealed: backup.note, place: { kind: "note", backupId } });
      for (const tag of backup.tags ?? []) found.push({ sealed: tag, place: { kind: "tag", backupId } });
      for (const group of await db.select().from(backupTabGroups).where(eq(backupTabGroups.sessionId, backupId))) found.push({ sealed: group.title, place: { kind: "group-title" } });
      for (const window of await db.select().from(backupWindows).where(eq(backupWindows.sessionId, backupId))) if (window.name) found.push({ sealed: window.name, place: { kind: "window-name" } });
    }
    return found.filter(({ sealed }) => /^tv[23]\./.test(sealed));
  }

  it("re-seals every encrypted name, tag, note, group title and window name with the contents: each opens with the new key for its place", async () => {
    const { owner } = await withSealedLabels("labelled@example.com");
    const api = injectedApi(owner.asBrowser, Infinity, 2);
    const outcome = await rotateKey(api, PASSPHRASE);
    expect(outcome).toMatchObject({ finished: true, unreadable: 0 });
    const after = (await api.read()) as Extract<FormEncryption, { enabled: true }>;
    expect(after.rotation).toBeNull();
    const newKey = await backupKeyFrom(await unwrapBackupKey(PASSPHRASE, after.key));
    const labels = await sealedLabelsOf(owner.userId);
    expect(labels.map(({ place }) => place.kind).sort()).toEqual(["backup-name", "group-title", "note", "tag", "window-name"]);
    const opened = await Promise.all(labels.map(({ sealed, place }) => openLabel(newKey, sealed, place)));
    expect(opened.sort()).toEqual(["Due in April", "Paperwork", "Tax return", "Taxes 2026", "finance"]);
    for (const { sealed } of labels) expect(sealedKeyIdOf(sealed)).toBe(after.keyId);
    await expectAllOpen(owner.userId, newKey);
    // A re-sealed label opens only for its place, as before.
    const name = labels.find(({ place }) => place.kind === "backup-name")!;
    await expect(openLabel(newKey, name.sealed, { kind: "note", backupId: "00000000-0000-4000-8000-000000000001" })).rejects.toThrow(/not sealed for this place/);
  });

  it("keeps the old key while a label is left under it; a label the server moved to another backup stays unreadable and the old key with it", async () => {
    const { owner, backupId } = await withSealedLabels("labels-left@example.com");
    // Contents take 3 writes at 2 a batch; the page closes before any label is written.
    const closing = injectedApi(owner.asBrowser, 3, 2);
    await expect(rotateKey(closing, PASSPHRASE)).rejects.toThrow(/page closed/);
    const left = await server.app.inject({ method: "DELETE", url: "/api/account/encryption/rotation", ...owner.asBrowser });
    expect(left.statusCode).toBe(409);
    expect(left.json().message).toBe("5 labels (names, tags, notes, group titles or window names) are still sealed under the old key: it is kept until they are re-sealed.");

    // A hostile server moves the sealed name onto another backup: it opens there under neither key, so it is left as
    // it was and the old key is kept for it.
    const other = (await server.database.db.select({ id: savedSessions.id }).from(savedSessions).where(eq(savedSessions.userId, owner.userId))).find(({ id }) => id !== backupId);
    const [named] = await server.database.db.select({ sessionName: savedSessions.sessionName }).from(savedSessions).where(eq(savedSessions.id, backupId));
    await server.database.db.update(savedSessions).set({ sessionName: named!.sessionName }).where(eq(savedSessions.id, other!.id));
    const outcome = await rotateKey(injectedApi(owner.asBrowser), PASSPHRASE);
    expect(outcome).toMatchObject({ finished: false, unreadable: 1 });
    const state = (await closing.read()) as Extract<FormEncryption, { enabled: true }>;
    expect(state.rotation?.previousKeyId).toBe(await keyIdOf(owner.key));
    const refused = await server.app.inject({ method: "DELETE", url: "/api/account/encryption/rotation", ...owner.asBrowser });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^1 labels .* still sealed under the old key/);
  });

  it("refuses a label batch whole: another account's backup, a plain value, another key's id, a spot holding no encrypted label, one renamed since", async () => {
    const { owner, backupId } = await withSealedLabels("hostile-labels@example.com");
    const { backupId: strangersId } = await withSealedLabels("stranger-labels@example.com");
    const api = injectedApi(owner.asBrowser, 3, 2);
    await expect(rotateKey(api, PASSPHRASE)).rejects.toThrow(/page closed/);
    const { keyId } = (await api.read()) as { keyId: string };
    const newKey = await backupKeyFrom(await unwrapBackupKey(PASSPHRASE, ((await api.read()) as Extract<FormEncryption, { enabled: true }>).key));
    const resealed = await sealLabel(newKey, "Tax return", { kind: "backup-name", backupId }, keyId);
    const db = server.database.db;
    const [stored] = await db.select({ name: savedSessions.sessionName, note: savedSessions.note }).from(savedSessions).where(eq(savedSessions.id, backupId));
    const [nameIv, noteIv] = [sealedIvOf(stored!.name), sealedIvOf(stored!.note!)];
    const good = { backupId, kind: "backup-name", index: 0, sealed: resealed, replacesIv: nameIv };
    const note = { backupId, kind: "note", index: 0, replacesIv: noteIv };
    const before = await db.select().from(savedSessions).orderBy(savedSessions.id);
    const batches: [object[], RegExp][] = [
      [[good, { ...good, backupId: strangersId }], /not an encrypted label of this account's/],
      [[good, { ...note, sealed: "Due in April" }], /not a sealed value/],
      [[good, { ...note, sealed: await sealLabel(newKey, "Due in April", { kind: "note", backupId }, "Z".repeat(22)) }], /not sealed under the account's new key/],
      [[good, { ...note, sealed: await sealLabel(newKey, "Due in April", { kind: "note", backupId }) }], /not sealed under the account's new key/],
      [[good, { ...good, kind: "tag", index: 2 }], /not an encrypted label of this account's/],
      [[good, { ...good, backupId: strangersId, kind: "group-title", index: 7 }], /not an encrypted label/],
      // The note as listed was renamed since (another browser): the IV it replaces is not the stored one's.
      [[good, { ...note, sealed: resealed, replacesIv: nameIv }], /changed since it was listed/],
      [[good, { ...note, sealed: resealed, replacesIv: "short" }], /replacesIv is not/],
      [[good, good], /twice/],
      [[{ ...good, sealed: `tv3.${keyId}.${"A".repeat(16)}.${"A".repeat(20_000)}` }], /at most/],
      [[{ ...good, kind: "title" }], /not a kind of label/],
    ];
    for (const [labels, message] of batches) {
      const refused = await server.app.inject({ method: "PUT", url: "/api/account/encryption/rotation/labels", payload: { labels }, ...owner.asBrowser });
      expect(refused.statusCode, JSON.stringify(labels).slice(0, 120)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    for (const query of ["afterIndex=-1", "limit=0", "limit=1000", "afterBackup=x", "afterKind=title"]) {
      expect((await server.app.inject({ method: "GET", url: `/api/account/encryption/rotation/labels?${query}`, ...owner.asBrowser })).statusCode).toBe(400);
    }
    expect(await db.select().from(savedSessions).orderBy(savedSessions.id)).toEqual(before);
    // The good label alone is written.
    const written = await server.app.inject({ method: "PUT", url: "/api/account/encryption/rotation/labels", payload: { labels: [good] }, ...owner.asBrowser });
    expect(written.json()).toEqual({ resealed: 1, remaining: 4 });
  });

  it("refuses a batch with a hostile or oversized value whole: plain text, another key's id, a kind changed, too many, too long", async () => {
    const owner = await account("hostile-batch@example.com");
    const api = injectedApi(owner.asBrowser, 0);
    await expect(rotateKey(api, PASSPHRASE)).rejects.toThrow(/page closed/);
    const { keyId } = (await api.read()) as { keyId: string };
    const [withForm, plainWithForm, sealedOnly] = await (async () => {
      const rows = await contentsOf(owner.userId);
      return [rows.find((row) => row.sealedLocation && sealedFormDataOf(row.formData)), rows.find((row) => !row.sealedLocation), rows.find((row) => row.sealedLocation && !sealedFormDataOf(row.formData))];
    })();
    const underNew = await sealTabLocation(owner.key, { url: "https://x.example/", title: "", faviconUrl: null }, {}, keyId);
    const underOther = await sealTabLocation(owner.key, { url: "https://x.example/", title: "", faviconUrl: null }, {}, "Z".repeat(22));
    const before = await contentsOf(owner.userId);
    const batches: [object, RegExp][] = [
      [{ contents: [{ id: sealedOnly!.id, sealedLocation: "https://clinic.example/0", formData: {} }] }, /not a sealed value/],
      [{ contents: [{ id: sealedOnly!.id, sealedLocation: underOther, formData: {} }] }, /not sealed under the account's new key/],
      [{ contents: [{ id: sealedOnly!.id, sealedLocation: underNew, formData: {} }, { id: withForm!.id, sealedLocation: underNew, formData: { note: "plain" } }] }, /form entries are sealed only if they were/],
      [{ contents: [{ id: plainWithForm!.id, sealedLocation: underNew, formData: plainWithForm!.formData }] }, /sealed only if they were/],
      [{ contents: [{ id: sealedOnly!.id, sealedLocation: underNew, formData: {} }, { id: sealedOnly!.id, sealedLocation: underNew, formData: {} }] }, /twice/],
      [{ contents: Array.from({ length: 101 }, (_, n) => ({ id: n + 1, sealedLocation: null, formData: {} })) }, /At most 100/],
      [{ contents: [{ id: sealedOnly!.id, sealedLocation: `tv3.${keyId}.${"A".repeat(16)}.${"A".repeat(20_000)}`, formData: {} }] }, /at most 12000/],
      [{ contents: [] }, /empty/],
    ];
    for (const [payload, message] of batches) {
      const refused = await server.app.inject({ method: "PUT", url: "/api/account/encryption/rotation/contents", payload, ...owner.asBrowser });
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    for (const query of ["after=-1", "limit=0", "limit=1000", "after=x"]) {
      expect((await server.app.inject({ method: "GET", url: `/api/account/encryption/rotation/contents?${query}`, ...owner.asBrowser })).statusCode).toBe(400);
    }
    expect(await contentsOf(owner.userId)).toEqual(before);
  });

  it("a rotation stopped halfway keeps everything readable and the old key; resumed, it re-seals the rest and only then drops the old key", async () => {
    const owner = await account("resume@example.com");
    const oldKeyId = await keyIdOf(owner.key);
    const closing = injectedApi(owner.asBrowser, 1, 2);
    await expect(rotateKey(closing, PASSPHRASE)).rejects.toThrow(/page closed/);

    const halfway = (await closing.read()) as Extract<FormEncryption, { enabled: true }>;
    expect(halfway.rotation?.previousKeyId).toBe(oldKeyId);
    expect(halfway.keyId).not.toBe(oldKeyId);
    const rows = await contentsOf(owner.userId);
    const keyIds = rows.flatMap((row) => [row.sealedLocation, sealedFormDataOf(row.formData)].filter((value) => value !== null).map((value) => sealedKeyIdOf(value!)));
    expect(keyIds).toContain(halfway.keyId);
    expect(keyIds).toContain(null);
    const refusedFinish = await server.app.inject({ method: "DELETE", url: "/api/account/encryption/rotation", ...owner.asBrowser });
    expect(refusedFinish.statusCode).toBe(409);
    expect(refusedFinish.json().message).toMatch(/still sealed under the old key/);

    // The passphrase still opens everything: the new key, and through it the old one.
    const resumed = injectedApi(owner.asBrowser, Infinity, 2);
    const outcome = await rotateKey(resumed, PASSPHRASE);
    expect(outcome).toMatchObject({ finished: true, unreadable: 0 });
    const after = (await resumed.read()) as Extract<FormEncryption, { enabled: true }>;
    expect(after).toMatchObject({ keyId: halfway.keyId, rotation: null });
    const newKey = await backupKeyFrom(await unwrapBackupKey(PASSPHRASE, after.key));
    expect(await keyIdOf(newKey)).toBe(halfway.keyId);
    await expectAllOpen(owner.userId, newKey);
    for (const row of await contentsOf(owner.userId)) {
      for (const value of [row.sealedLocation, sealedFormDataOf(row.formData)]) if (value) expect(sealedKeyIdOf(value)).toBe(halfway.keyId);
    }
    // Both backups still hold every tab, each naming a re-sealed content.
    const tabs = await server.database.db.select({ sealedLocation: backupTabsView.sealedLocation }).from(backupTabsView).innerJoin(savedSessions, eq(savedSessions.id, backupTabsView.sessionId)).where(eq(savedSessions.userId, owner.userId));
    expect(tabs).toHaveLength(5);
  });
});
