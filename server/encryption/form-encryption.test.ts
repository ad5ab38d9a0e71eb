import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { asSealedFormData, backupKeyFrom, createBackupKey, openFormData, rewrapBackupKey, sealFormData } from "@common/end-to-end-encryption";
import { users } from "../accounts/table";
import { backupTabsView } from "../backups/table";
import { browserBackup, browserSession, browserTab, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { formEncryptionKeys } from "./table";

/** The page the form entries are sealed for (decision 220): the server never opens them, so any address does. */
const page = "https://forms.example/contact";

const typed = { comment: "Meet at the blue door at 7", draft: "Dear landlord," };

describe("end-to-end encryption of form entries (issue 18 point 5, decision 177)", () => {
  const server = useTestApp();
  const first = createBackupKey("correct horse battery staple");

  async function account(email: string) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    const token = (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Laptop" }, ...withSession(cookie) })).json().token as string;
    return { cookie, token, asBrowser: withSession(cookie), asDevice: { headers: { authorization: `Bearer ${token}` } } };
  }

  it("is off until set; signed out gets 401; the device token reads it but cannot set it", async () => {
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption" })).statusCode).toBe(401);
    const { stored } = await first;
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: stored } })).statusCode).toBe(401);
    const owner = await account("sealer@example.com");
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption", ...owner.asBrowser })).json()).toEqual({ enabled: false });
    const byDevice = await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: stored }, ...owner.asDevice });
    expect(byDevice.statusCode).toBe(403);
    expect(byDevice.json().message).toBeTruthy();
  });

  it("stores only the wrapped key; a second 'turn on' is refused; the passphrase changes only from the key it replaces", async () => {
    const { stored } = await first;
    const owner = await account("sealer@example.com");
    const on = await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: stored }, ...owner.asBrowser });
    expect(on.statusCode).toBe(201);
    expect(on.json()).toMatchObject({ enabled: true, key: stored });
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption", ...owner.asDevice })).json()).toMatchObject({ enabled: true, key: stored });

    const again = await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: (await createBackupKey("another passphrase here")).stored }, ...owner.asBrowser });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already on/);

    const rewrapped = await rewrapBackupKey((await first).rawKey, "a brand new passphrase");
    const stale = await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: rewrapped, replaces: rewrapped.wrappedKey }, ...owner.asBrowser });
    expect(stale.statusCode).toBe(409);
    const changed = await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: rewrapped, replaces: stored.wrappedKey }, ...owner.asBrowser });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().key).toEqual(rewrapped);

    // Another account sees only its own: off.
    const other = await account("someone-else@example.com");
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption", ...other.asBrowser })).json()).toEqual({ enabled: false });
  });

  it.each([
    [{ key: { salt: "short", iterations: 600_000, wrappedKey: "tv1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAA" } }, "salt is too short"],
    [{ key: { salt: "A".repeat(22), iterations: 1000, wrappedKey: "tv1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAA" } }, "iterations must be at least 310000"],
    [{ key: { salt: "A".repeat(22), iterations: 600_000, wrappedKey: "my passphrase in clear" } }, "wrappedKey is not a sealed key"],
    [{ key: { salt: "A".repeat(22), iterations: 600_000, wrappedKey: "tv1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAA", passphrase: "x" } }, "Unrecognized key"],
    [{ key: { salt: "A".repeat(22), iterations: 600_000, wrappedKey: `tv1.AAAAAAAAAAAAAAAA.${"A".repeat(5000)}` } }, "wrappedKey is too long"],
  ])("refuses a malformed key with a message and stores nothing (%#)", async (payload, message) => {
    const owner = await account("malformed@example.com");
    const answer = await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload, ...owner.asBrowser });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, "malformed@example.com"));
    expect(await server.database.db.select().from(formEncryptionKeys).where(eq(formEncryptionKeys.userId, user!.id))).toEqual([]);
  });

  it("backups carry sealed form entries as they came: the database holds no readable form data, the owner's browser opens them", async () => {
    const owner = await account("sealed-backups@example.com");
    const key = await backupKeyFrom((await first).rawKey);
    const sealed = await sealFormData(key, typed, page);

    const saved = await server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: { sessionName: "Sealed", browserSession: browserSession(1, { tabs: [tab(0, { formData: asSealedFormData(sealed) })] }) },
      ...owner.asBrowser,
    });
    expect(saved.statusCode).toBe(201);
    const upload = browserBackup(1);
    upload.windows[0]!.tabs = [browserTab(0, { formData: asSealedFormData(sealed) })];
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: upload, ...owner.asDevice });
    expect(uploaded.statusCode).toBe(201);

    const stored = JSON.stringify(await server.database.db.select({ formData: backupTabsView.formData }).from(backupTabsView));
    for (const word of ["blue door", "landlord", "comment", "draft"]) expect(stored).not.toContain(word);
    expect(stored).toContain(sealed);

    const detail = await server.app.inject({ method: "GET", url: `/api/browser-backups/${uploaded.json().backupId}`, ...owner.asDevice });
    expect(await openFormData(key, detail.json().windows[0].tabs[0].formData["tabvault:sealed"], page)).toEqual(typed);
  });

  it("refuses sealed form entries mixed with plain ones, or not sealed at all, and writes nothing", async () => {
    const owner = await account("mixed@example.com");
    const sealed = await sealFormData(await backupKeyFrom((await first).rawKey), typed, page);
    for (const [formData, message] of [
      [{ ...asSealedFormData(sealed), comment: "plain" }, "Sealed form data must be the only form entry of its tab"],
      [asSealedFormData("tv1.plain-text-pretending"), "Sealed form data is not a sealed value"],
    ] as const) {
      const upload = browserBackup(1);
      upload.windows[0]!.tabs = [browserTab(0, { formData })];
      const answer = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: upload, ...owner.asDevice });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    const list = await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...owner.asBrowser });
    expect(list.json()).toEqual([]);
  });

  it("with encryption on, plain form entries from a client that cannot seal (extension, web save) are left out, never stored", async () => {
    const owner = await account("plain-after@example.com");
    const plainUpload = () => {
      const upload = browserBackup(1);
      upload.windows[0]!.tabs = [browserTab(0, { url: "https://plain.example/", formData: { note: "readable before" } })];
      return upload;
    };
    const before = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: plainUpload(), ...owner.asDevice });
    expect((await server.app.inject({ method: "GET", url: `/api/browser-backups/${before.json().backupId}`, ...owner.asDevice })).json().windows[0].tabs[0].formData).toEqual({ note: "readable before" });

    await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: (await first).stored }, ...owner.asBrowser });
    const after = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: plainUpload(), ...owner.asDevice });
    expect(after.statusCode).toBe(201);
    expect((await server.app.inject({ method: "GET", url: `/api/browser-backups/${after.json().backupId}`, ...owner.asDevice })).json().windows[0].tabs[0].formData).toEqual({});
    const saved = await server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: { sessionName: "Plain", browserSession: browserSession(1, { tabs: [tab(0, { formData: { note: "typed in the web app" } })] }) },
      ...owner.asBrowser,
    });
    const detail = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${saved.json().sessionId}`, ...owner.asBrowser });
    expect(detail.json().browserTabs[0].formData).toEqual({});
    expect(JSON.stringify(await server.database.db.select({ formData: backupTabsView.formData }).from(backupTabsView))).not.toContain("typed in the web app");
  });

  it("goes with the account when it is deleted", async () => {
    const owner = await account("leaving@example.com");
    await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: (await first).stored }, ...owner.asBrowser });
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, "leaving@example.com"));
    await server.database.db.delete(users).where(eq(users.id, user!.id));
    expect(await server.database.db.select().from(formEncryptionKeys).where(eq(formEncryptionKeys.userId, user!.id))).toEqual([]);
  });
});
