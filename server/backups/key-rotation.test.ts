import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FormEncryption } from "@common/api/encryption";
import {
  asSealedFormData,
  backupKeyFrom,
  createBackupKey,
  keyIdOf,
  MIN_KDF_ITERATIONS,
  openFormData,
  openTabLocation,
  sealedFormDataOf,
  sealedKeyIdOf,
  sealFormData,
  sealLabel,
  sealTabLocation,
  unwrapBackupKey,
} from "@common/end-to-end-encryption";
import { type RotationApi, rotateKey, type SealedContent } from "@common/key-rotation";
import { users } from "../accounts/table";
import { savedSessions, backupTabsView, tabContents } from "./table";
import { browserBackup, browserTab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

const PASSPHRASE = "correct horse battery staple";
const typed = { amount: "25", payee: "Landlord" };

describe("rotating the account's key (issue 32 point 4, decision 239)", () => {
  const server = useTestApp();
  const made = createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);

  /** An account with encryption on, one backup of form entries sealed on plain tabs, one of sealed tabs. */
  async function account(email: string) {
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
        return browserTab(n, { url: "", title: "", faviconUrl: null, formData, sealedLocation: await sealTabLocation(key, location, { formData, scrollPosition: tab.scrollPosition }) });
      }),
    );
    expect((await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: sealed, ...asDevice })).statusCode).toBe(201);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { asBrowser, asDevice, userId: user!.id, key };
  }

  /** The rotation's calls through `app.inject`; `failWriteAfter` makes the page "close" after that many writes. */
  function injectedApi(asBrowser: object, failWriteAfter = Infinity, limit = 2): RotationApi & { writes: number } {
    const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
      const response = await server.app.inject({ method, url, ...(payload ? { payload } : {}), ...asBrowser });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const api = {
      writes: 0,
      read: async () => (await call("GET", "/api/account/encryption")) as FormEncryption,
      start: async (body: object) => void (await call("POST", "/api/account/encryption/rotation", body)),
      list: async (after: number) => (await call("GET", `/api/account/encryption/rotation/contents?after=${after}&limit=${limit}`)) as { contents: SealedContent[]; remaining: number },
      write: async (contents: object[]) => {
        if (api.writes >= failWriteAfter) throw new Error("the page closed");
        api.writes += 1;
        await call("PUT", "/api/account/encryption/rotation/contents", { contents });
      },
      finish: async () => void (await call("DELETE", "/api/account/encryption/rotation")),
    };
    return api;
  }

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

  it("is not started while a backup holds an encrypted name, tag, note, group title or window name, which it would leave unreadable", async () => {
    const owner = await account("labelled@example.com");
    const [backup] = await server.database.db.select({ id: savedSessions.id }).from(savedSessions).where(eq(savedSessions.userId, owner.userId)).limit(1);
    const name = await sealLabel(owner.key, "Tax return", { kind: "backup-name", backupId: backup!.id });
    const renamed = await server.app.inject({ method: "PATCH", url: `/api/library/backups/${backup!.id}`, payload: { sessionName: name }, ...owner.asBrowser });
    expect(renamed.statusCode).toBe(200);

    const next = await createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);
    const body = { key: next.stored, keyId: await keyIdOf(await backupKeyFrom(next.rawKey)), previousKey: next.stored.wrappedKey, previousKeyId: await keyIdOf(owner.key), replaces: (await made).stored.wrappedKey };
    const refused = await server.app.inject({ method: "POST", url: "/api/account/encryption/rotation", payload: body, ...owner.asBrowser });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "1 backup has an encrypted name, tag, note, group title or window name, which rotating the key does not re-seal yet: rotating now would leave them unreadable, so the key stays as it is.",
    );
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption", ...owner.asBrowser })).json()).toMatchObject({ key: (await made).stored, rotation: null });
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
