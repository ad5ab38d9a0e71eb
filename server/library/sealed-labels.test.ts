import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { backupKeyFrom, openLabel, sealLabel } from "@common/end-to-end-encryption";
import { users } from "../accounts/table";
import { browserBackup } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

/** Names, tags, notes and group titles sealed in the browser (decision 237), as the server takes and reads them. */
describe("sealed labels over HTTP", () => {
  let now = Date.parse("2026-11-28T10:00:00Z");
  const server = useTestApp({ clock: () => new Date(now) });
  const key = backupKeyFrom(crypto.getRandomValues(new Uint8Array(32)));

  async function account(email: string) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    return withSession(cookie);
  }
  const call = (method: InjectOptions["method"], url: string, auth: object, payload?: unknown) =>
    server.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }), ...auth });

  async function upload(auth: object, groupTitle: string) {
    now += 60_000;
    const payload = browserBackup(2, {
      capturedAt: now,
      groups: [{ groupId: 7, windowId: 100, title: groupTitle, color: "blue", collapsed: false }],
    });
    payload.windows[0]!.tabs = payload.windows[0]!.tabs.map((tab) => ({ ...tab, groupId: 7 }));
    return call("POST", "/api/browser-backups", auth, payload);
  }
  const list = async (auth: object) => (await call("GET", "/api/saved-sessions", auth)).json<{ id: string; sessionName: string; tags: string[]; note: string | null }[]>();

  it("stores a sealed name, tags, note and group title as sent, never lower-cased, and never echoes them in a receipt", async () => {
    const auth = await account("sealer@example.com");
    // Longer than a plain title may be once sealed (128 characters seal to 384), as a long title is.
    const title = await sealLabel(await key, "Bank statements ".repeat(8), { kind: "group-title" });
    const uploaded = await upload(auth, title);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json<{ backupId: string }>().backupId;
    const read = await call("GET", `/api/browser-backups/${id}`, auth);
    expect(read.json<{ groups: { title: string }[] }>().groups[0]?.title).toBe(title);

    const name = await sealLabel(await key, "Tax return", { kind: "backup-name", backupId: id });
    const tag = await sealLabel(await key, "Private", { kind: "tag", backupId: id });
    const note = await sealLabel(await key, "Ask Anna", { kind: "note", backupId: id });
    const changed = await call("PATCH", `/api/library/backups/${id}`, auth, { sessionName: name, addTags: [tag, "work"], note });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ message: string }>().message).not.toContain("tv2.");
    expect((await list(auth))[0]).toMatchObject({ sessionName: name, tags: [tag, "work"], note });
    expect(await openLabel(await key, (await list(auth))[0]!.tags[0]!, { kind: "tag", backupId: id })).toBe("Private");

    const untagged = await call("PATCH", `/api/library/backups/${id}`, auth, { removeTags: [tag] });
    expect(untagged.json<{ message: string }>().message).toBe("Removed the tag an encrypted label");
    expect((await list(auth))[0]?.tags).toEqual(["work"]);

    // Readers that cannot open them say so: a bookmarks file names the backup "Encrypted backup", never its ciphertext.
    const html = await call("GET", `/api/library/backups/${id}/export?format=bookmarks-html`, auth);
    expect(html.statusCode).toBe(200);
    expect(html.body).not.toContain("tv2.");
    expect(html.body).toContain("Encrypted backup");
    // TabVault JSON carries the sealed group title whole, and importing it back keeps it so.
    const json = await call("GET", `/api/library/backups/${id}/export?format=tabvault`, auth);
    const imported = await call("POST", "/api/library/imports", auth, { fileName: "exported", content: json.body });
    expect(imported.statusCode, imported.body).toBe(201);
    const back = await call("GET", `/api/browser-backups/${imported.json<{ backupId: string }>().backupId}`, auth);
    expect(back.json<{ groups: { title: string }[] }>().groups[0]?.title).toBe(title);
  });

  it("refuses malformed and oversized sealed values with a 400 that says which", async () => {
    const auth = await account("breaker@example.com");
    const id = (await upload(auth, "Plain group")).json<{ backupId: string }>().backupId;
    const malformed = await call("PATCH", `/api/library/backups/${id}`, auth, { sessionName: "tv2.abc" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toContain("looks encrypted but is not a sealed value");
    const oversized = await call("PATCH", `/api/library/backups/${id}`, auth, { addTags: [`tv2.${"A".repeat(16)}.${"B".repeat(2000)}`] });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json<{ message: string }>().message).toMatch(/An encrypted tag has at most \d+ characters/);
    const bigTitle = await upload(auth, `tv2.${"A".repeat(16)}.${"B".repeat(5000)}`);
    expect(bigTitle.statusCode).toBe(400);
    expect((await upload(auth, "x".repeat(201))).statusCode).toBe(400);
  });

  it("a merge leaves sealed names, tags and notes out, as they are bound to the backups merged", async () => {
    const auth = await account("merger@example.com");
    const first = (await upload(auth, "One")).json<{ backupId: string }>().backupId;
    const second = (await upload(auth, "Two")).json<{ backupId: string }>().backupId;
    const sealed = (kind: "backup-name" | "note" | "tag", text: string) => key.then((k) => sealLabel(k, text, { kind, backupId: first }));
    await call("PATCH", `/api/library/backups/${first}`, auth, { sessionName: await sealed("backup-name", "Secret"), note: await sealed("note", "n"), addTags: [await sealed("tag", "t"), "kept"] });
    const merged = await call("POST", "/api/library/merges", auth, { backupIds: [first, second] });
    expect(merged.statusCode, merged.body).toBe(201);
    expect(merged.json<{ message: string }>().message).toBe("Merged 2 backups into “Merged 2 backups” (4 tabs). Encrypted names, tags and notes stay with the backups merged: set them again on this one");
    expect(await list(auth)).toMatchObject([{ sessionName: "Merged 2 backups", tags: ["kept"], note: null }]);
  });
});
