import { describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import {
  asSealedFormData,
  backupKeyFrom,
  createBackupKey,
  keyIdOf,
  MIN_KDF_ITERATIONS,
  openFormData,
  openLabel,
  SEALED_FORM_FIELD,
  sealFormData,
  sealLabel,
  sealPreviousKey,
  sealTabLocation,
  toBase64Url,
} from "@common/end-to-end-encryption";
import { listBackups } from "./backup-list";
import { matchesSearch } from "./backup-search";
import { callEndpoint } from "./api";
import type { StorageArea } from "./browser-api";
import { FormEncryption } from "./form-encryption";
import { indexedDbKeyStore, memoryKeyStore } from "./key-store";
import { IDBFactory } from "fake-indexeddb";
import { KEY_CHANGED_MESSAGE, REFUSED_DOWNGRADE_MESSAGES } from "./refused-downgrade";
import { Pairing } from "./pairing";
import { planFromBackup } from "./restore";
import { LOCKED_LABEL, UNREADABLE_LABEL } from "./sealed-labels";
import { buildSnapshot, toUploadRequest } from "./snapshot";
import { FakeServer } from "../test/fake-server";
import { ManualClock } from "../test/manual-clock";

/**
 * The server turned hostile (decision 220): each test lets the fake server answer what an honest one never would, and
 * checks that the extension neither sends anything plain, nor opens, nor refills what it should not.
 */

const PASSPHRASE = "correct horse battery staple";
const typed = { amount: "25", payee: "Landlord" };

function memoryStorage(): StorageArea {
  const items = new Map<string, unknown>();
  return {
    get: async (keys) => Object.fromEntries([...items].filter(([key]) => keys === undefined || keys === null || (Array.isArray(keys) ? keys.includes(key) : keys === key))),
    set: async (values) => void Object.entries(values).forEach(([key, value]) => items.set(key, structuredClone(value))),
    remove: async (keys) => void (Array.isArray(keys) ? keys : [keys]).forEach((key) => items.delete(key)),
  };
}

/** One window of one tab at https://bank.example/transfer with something typed into its form, in a group when titled. */
function upload(groupTitle?: string) {
  const snapshot = buildSnapshot(
    "00000000-0000-4000-8000-000000000001",
    1_795_420_800_000,
    [{ id: 1, focused: true, incognito: false, tabs: [{ id: 1, windowId: 1, index: 0, url: "https://bank.example/transfer", title: "Transfer", pinned: false, active: true, incognito: false, groupId: groupTitle ? 5 : -1 }] }],
    groupTitle ? [{ id: 5, windowId: 1, title: groupTitle, color: "blue", collapsed: false }] : [],
    new Map([[1, { url: "https://bank.example/transfer", formData: typed, scrollPosition: { x: 0, y: 0 } }]]),
  );
  return toUploadRequest(snapshot, { snapshotId: "00000000-0000-4000-8000-000000000002", trigger: "manual_save" });
}

type ReadTab = BrowserBackup["windows"][number]["tabs"][number];
const tabAt = (url: string, more: Partial<ReadTab> = {}): ReadTab => ({
  url,
  title: "",
  faviconUrl: null,
  sealedLocation: null,
  pinned: false,
  active: false,
  groupId: null,
  formData: {},
  scrollPosition: { x: 0, y: 0 },
  ...more,
});
const backupOf = (...tabs: ReadTab[]): Pick<BrowserBackup, "windows" | "groups"> => ({
  windows: [{ windowId: 1, state: "normal", focused: true, left: null, top: null, width: null, height: null, tabs }],
  groups: [],
});

/** A location as sealed before decision 225: unpadded, bound to its purpose only. */
async function sealOldTabLocation(key: CryptoKey, url: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify({ url, title: "Statement", faviconUrl: null }));
  const additionalData = new TextEncoder().encode("tabvault:tab-location:v1");
  const ciphertext = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData }, key, plaintext);
  return `tv1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

async function encrypting(sealsTabLocations: boolean, keys = memoryKeyStore(), clock = new ManualClock()) {
  const server = new FakeServer();
  const made = await createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);
  server.formEncryption = { enabled: true, key: made.stored, setAt: "2026-11-28T10:00:00.000Z", changedAt: "2026-11-28T10:00:00.000Z", sealsTabLocations };
  const storage = memoryStorage();
  const encryption = new FormEncryption({ storage, keys, fetch: server.fetch, now: () => clock.now(), credentials: async () => ({ serverUrl: server.origin, token: server.token }) });
  return { server, encryption, storage, clock, rawKey: made.rawKey, key: await backupKeyFrom(made.rawKey) };
}

describe("a server that answers that encryption is off (decision 220)", () => {
  it("is not believed once this browser has seen encryption on: the key stays and form entries still leave sealed", async () => {
    const { server, encryption } = await encrypting(false);
    await encryption.refresh();
    await encryption.unlock(PASSPHRASE);
    server.formEncryption = { enabled: false };
    expect(await encryption.refresh()).toBe(true);
    expect(await encryption.status()).toEqual({ enabled: true, unlocked: true, unlockedUntil: null, sealsTabLocations: false, refusedDowngrade: "encryption-off", keyChanged: false });
    const sent = await encryption.sealUpload(upload());
    expect(Object.keys(sent!.windows[0]!.tabs[0]!.formData ?? {})).toEqual([SEALED_FORM_FIELD]);
    expect(JSON.stringify(sent)).not.toMatch(/Landlord/);
    expect(REFUSED_DOWNGRADE_MESSAGES["encryption-off"]).toMatch(/does not believe it/);
  });

  it("is not believed for titles and addresses either: they stay sealed until the person locks and unlocks", async () => {
    const { server, encryption } = await encrypting(true);
    await encryption.unlock(PASSPHRASE);
    server.formEncryption = { ...server.formEncryption, enabled: true, sealsTabLocations: false } as typeof server.formEncryption;
    await encryption.refresh();
    expect(await encryption.status()).toMatchObject({ sealsTabLocations: true, refusedDowngrade: "locations-plain" });
    const sent = await encryption.sealUpload(upload());
    expect(sent!.windows[0]!.tabs[0]).toMatchObject({ url: "", title: "", sealedLocation: expect.stringMatching(/^tv2\./) });
    expect(JSON.stringify(sent)).not.toMatch(/bank\.example|Transfer|Landlord/);

    // Locked, nothing leaves at all; the person's own unlock takes the account's choice as it now stands.
    await encryption.lock();
    await encryption.refresh();
    expect(await encryption.sealUpload(upload())).toBeNull();
    await encryption.unlock(PASSPHRASE);
    expect(await encryption.status()).toMatchObject({ sealsTabLocations: false, refusedDowngrade: null });
  });

  it("before any answer, form entries stay on the device: nothing sealable is sent plain", async () => {
    const { server, encryption } = await encrypting(false);
    server.mode = "down";
    const sent = await encryption.sealUpload(upload());
    expect(sent!.windows[0]!.tabs[0]!.formData).toEqual({});
    expect(JSON.stringify(sent)).not.toMatch(/Landlord/);
  });
});

describe("a server that moves sealed values (decision 220)", () => {
  it("a sealed form moved onto another page is not refilled there, and is counted", async () => {
    const { encryption, key } = await encrypting(false);
    await encryption.unlock(PASSPHRASE);
    const sealedForBank = asSealedFormData(await sealFormData(key, typed, "https://bank.example/transfer"));
    const opened = await encryption.openBackup(backupOf(tabAt("https://evil.example/transfer", { formData: sealedForBank }), tabAt("https://bank.example/transfer", { formData: sealedForBank })));
    expect(opened.formsRefused).toBe(1);
    expect(opened.backup.windows[0]!.tabs.map((tab) => tab.formData)).toEqual([{}, typed]);
  });

  it("sealed locations swapped between tabs are refused, not opened at each other's place (decision 225)", async () => {
    const { encryption } = await encrypting(true);
    await encryption.unlock(PASSPHRASE);
    // Two tabs as this browser sends them: sealed, each location bound to its own form entries and scroll.
    const [a, b, c] = ["https://bank.example/transfer", "https://mail.example/compose", "https://news.example/today"];
    const state = (formData: Record<string, string>, y: number) => ({ formData, scrollPosition: { x: 0, y } });
    const sent = await encryption.sealUpload({
      ...upload(),
      windows: [
        {
          ...upload().windows[0]!,
          tabs: [
            { url: a, title: "Transfer", index: 0, ...state({ note: a }, 0) },
            { url: b, title: "Compose", index: 1, ...state({ note: b }, 0) },
            { url: c, title: "Today", index: 2, ...state({}, 400) },
          ],
        },
      ],
    });
    const asRead = sent!.windows[0]!.tabs.map((tab) => tabAt("", { sealedLocation: tab.sealedLocation!, formData: tab.formData!, scrollPosition: tab.scrollPosition! }));
    expect(asRead.map((tab) => tab.sealedLocation)).toEqual([expect.stringMatching(/^tv2\./), expect.stringMatching(/^tv2\./), expect.stringMatching(/^tv2\./)]);
    const honest = await encryption.openBackup(backupOf(...asRead));
    expect(honest.backup.windows[0]!.tabs.map((tab) => [tab.url, tab.formData])).toEqual([
      [a, { note: a }],
      [b, { note: b }],
      [c, {}],
    ]);
    // The server keeps each tab's form entries and scroll but gives it another tab's sealed location.
    const [first, second, third] = asRead as [ReadTab, ReadTab, ReadTab];
    const swapped = backupOf(
      { ...first, sealedLocation: second.sealedLocation },
      { ...second, sealedLocation: first.sealedLocation },
      { ...third, sealedLocation: first.sealedLocation },
    );
    const opened = await encryption.openBackup(swapped);
    expect(opened.stillSealed).toBe(3);
    expect(opened.backup.windows[0]!.tabs.map((tab) => tab.url)).toEqual(["", "", ""]);
    // Nothing of the swapped tabs is planned for opening: a restore leaves them out and counts them.
    expect(JSON.stringify(opened.backup)).not.toMatch(/bank\.example|mail\.example|news\.example/);
  });

  it("locations sealed before decision 225 (tv1.) still open; relabelled, a bound one does not", async () => {
    const { encryption, key } = await encrypting(true);
    await encryption.unlock(PASSPHRASE);
    const old = await sealOldTabLocation(key, "https://bank.example/statement");
    const bound = await sealTabLocation(key, { url: "https://bank.example/transfer", title: "", faviconUrl: null }, {});
    const opened = await encryption.openBackup(backupOf(tabAt("", { sealedLocation: old }), tabAt("", { sealedLocation: `tv1.${bound.slice(4)}` })));
    expect(opened.backup.windows[0]!.tabs.map((tab) => tab.url)).toEqual(["https://bank.example/statement", ""]);
    expect(opened.stillSealed).toBe(1);
  });

  it("plain form entries in a backup of an encrypting account are the server's, and never refilled", async () => {
    const { encryption } = await encrypting(false);
    await encryption.refresh();
    const opened = await encryption.openBackup(backupOf(tabAt("https://bank.example/transfer", { formData: { payee: "Mallory" } })));
    expect(opened.formsRefused).toBe(1);
    expect(opened.backup.windows[0]!.tabs[0]!.formData).toEqual({});
  });
});

describe("a server that sends addresses other than web pages (decision 220)", () => {
  it("a restore leaves out javascript:, data:, file: and browser pages, and counts them", () => {
    const hostile = ["javascript:alert(document.cookie)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "chrome://settings", "about:config", "https:evil"];
    const plan = planFromBackup(backupOf(tabAt("https://ok.example/"), ...hostile.map((url) => tabAt(url))));
    expect(plan.windows.flatMap((window) => window.tabs.map((tab) => tab.url))).toEqual(["https://ok.example/"]);
    expect(plan.notWebPages).toBe(hostile.length);
  });

  it("pairing opens the connect page only on the server's own origin", async () => {
    for (const page of ["https://evil.example/connect?code=BCDF-GHJK", "//evil.example/connect", "javascript:alert(1)", "http://localhost:3001/connect"]) {
      const server = new FakeServer();
      server.pairingPage = page;
      const opened: string[] = [];
      const pairing = new Pairing({ storage: memoryStorage(), clock: new ManualClock(), fetch: server.fetch, openTab: async (url) => void opened.push(url), onGranted: async () => undefined, schedule: async () => undefined });
      const started = await pairing.start(server.origin, "Chrome on Linux", "chromium");
      expect(started).toEqual({ ok: false, message: "TabVault at http://localhost:3000 sent a connect page on another site; this browser did not open it." });
      expect(opened).toEqual([]);
      expect(await pairing.pending()).toBeNull();
    }
  });
});

describe("the key out of the content scripts' reach (decision 220)", () => {
  it("unlocked, storage.local holds no key: it is a CryptoKey in the extension's IndexedDB that cannot be exported", async () => {
    const keys = indexedDbKeyStore(new IDBFactory());
    const { encryption, storage, rawKey } = await encrypting(false, keys);
    await encryption.unlock(PASSPHRASE);
    const readable = JSON.stringify(await storage.get(null));
    expect(readable).not.toContain(toBase64Url(rawKey));
    expect(readable).not.toMatch(/rawKey/);
    const kept = await keys.get();
    expect(kept?.extractable).toBe(false);
    expect(await encryption.status()).toMatchObject({ unlocked: true });
    await encryption.lock();
    expect(await keys.get()).toBeNull();
  });

  it("a key kept the old way, as raw bytes in storage.local, moves into the key store at the first read", async () => {
    const keys = memoryKeyStore();
    const { encryption, storage, rawKey, key } = await encrypting(false, keys);
    await storage.set({ formEncryption: { enabled: true, rawKey: toBase64Url(rawKey), sealsTabLocations: false } });
    expect(await encryption.status()).toMatchObject({ enabled: true, unlocked: true });
    expect(JSON.stringify(await storage.get(null))).not.toContain(toBase64Url(rawKey));
    const sent = await encryption.sealUpload(upload());
    expect(await openFormData(key, sent!.windows[0]!.tabs[0]!.formData![SEALED_FORM_FIELD]!, "https://bank.example/transfer")).toEqual(typed);
  });
});

describe("an unlock that ends when the person chose (decision 225)", () => {
  it("unlocked for 15 minutes: seals until then, afterwards the key is forgotten and nothing sealable leaves", async () => {
    const { encryption, clock } = await encrypting(true);
    expect((await encryption.unlock(PASSPHRASE, 15)).ok).toBe(true);
    expect(await encryption.status()).toMatchObject({ unlocked: true, unlockedUntil: clock.now() + 15 * 60_000 });
    // Hearing from the server again keeps the end the person chose.
    await encryption.refresh();
    expect(await encryption.status()).toMatchObject({ unlocked: true, unlockedUntil: clock.now() + 15 * 60_000 });
    expect(await encryption.sealUpload(upload())).not.toBeNull();
    await clock.advance(15 * 60_000);
    expect(await encryption.status()).toMatchObject({ unlocked: false, unlockedUntil: null });
    expect(await encryption.lockedOut()).toBe(true);
    expect(await encryption.sealUpload(upload())).toBeNull();
    // Until the person locks: no end.
    expect((await encryption.unlock(PASSPHRASE)).ok).toBe(true);
    await clock.advance(30 * 24 * 60 * 60_000);
    expect(await encryption.status()).toMatchObject({ unlocked: true, unlockedUntil: null });
  });
});

describe("names, tags, notes and group titles sealed with the locations (decision 237)", () => {
  it("a group title leaves only sealed, padded and for its kind, and the server takes it as sent", async () => {
    const { server, encryption, key } = await encrypting(true);
    await encryption.unlock(PASSPHRASE);
    const sent = (await encryption.sealUpload(upload("Mortgage papers")))!;
    const title = sent.groups?.[0]?.title ?? "";
    expect(title).toMatch(/^tv2\./);
    expect(await openLabel(key, title, { kind: "group-title" })).toBe("Mortgage papers");
    await expect(openLabel(key, title, { kind: "window-name" })).rejects.toThrow();
    // Padded: a one-letter title seals to the same length.
    expect((await encryption.sealUpload(upload("M")))!.groups?.[0]?.title?.length).toBe(title.length);
    const answer = await server.fetch(`${server.origin}/api/browser-backups`, { method: "POST", headers: { authorization: `Bearer ${server.token}` }, body: JSON.stringify(sent) });
    expect(answer.status).toBe(201);
    expect(JSON.stringify(server.stored())).not.toMatch(/Mortgage|bank\.example|Transfer|Landlord/);
  });

  it("without sealed locations the title stays plain, as the account chose", async () => {
    const { encryption } = await encrypting(false);
    await encryption.unlock(PASSPHRASE);
    expect((await encryption.sealUpload(upload("Mortgage papers")))!.groups?.[0]?.title).toBe("Mortgage papers");
  });

  it("a restore opens sealed group titles; a label of another kind moved into a group's title opens to nothing", async () => {
    const { encryption, key } = await encrypting(true);
    await encryption.unlock(PASSPHRASE);
    const sealedTab = tabAt("", { sealedLocation: await sealTabLocation(key, { url: "https://bank.example/", title: "Bank", faviconUrl: null }, {}), groupId: 5 });
    const backup = backupOf(sealedTab);
    backup.groups = [
      { groupId: 5, windowId: 1, title: await sealLabel(key, "Mortgage papers", { kind: "group-title" }), color: "blue", collapsed: false },
      { groupId: 6, windowId: 1, title: await sealLabel(key, "a note", { kind: "note", backupId: "b1" }), color: "red", collapsed: false },
    ];
    const opened = await encryption.openBackup(backup);
    expect(opened.backup.groups.map((group) => group.title)).toEqual(["Mortgage papers", ""]);
  });

  it("the popup's list and search open names, tags and notes; a name the server moved onto another backup is refused; locked says so", async () => {
    const { server, encryption, key } = await encrypting(true);
    await encryption.unlock(PASSPHRASE);
    const listed = (id: string, sessionName: string): BrowserBackup => ({ ...backupOf(), id, sessionName, triggerEvent: "manual_save", deviceName: null, browserType: "chrome", createdAt: "2026-11-28T10:00:00.000Z", tabCount: 0 });
    const taxName = await sealLabel(key, "Tax return", { kind: "backup-name", backupId: "b-tax" });
    // The server gives backup b-other the name sealed for b-tax.
    server.backups = [listed("b-tax", taxName), listed("b-other", taxName)];
    server.labels.set("b-tax", { tags: [await sealLabel(key, "Finance", { kind: "tag", backupId: "b-tax" }), "plain"], note: await sealLabel(key, "ask the accountant", { kind: "note", backupId: "b-tax" }) });
    const read = async () => {
      const answer = await callEndpoint(listBackups, {}, { serverUrl: server.origin, token: server.token, fetch: server.fetch });
      if (!answer.ok) throw new Error(answer.message);
      return encryption.openLabels(answer.data);
    };
    const [tax, other] = await read();
    expect(tax).toMatchObject({ sessionName: "Tax return", tags: ["Finance", "plain"], note: "ask the accountant" });
    expect(other?.sessionName).toBe(UNREADABLE_LABEL);
    expect(matchesSearch(tax!, "accountant finance")).toBe(true);
    expect(matchesSearch(other!, "tax")).toBe(false);

    await encryption.lock();
    const [locked] = await read();
    expect(locked).toMatchObject({ sessionName: LOCKED_LABEL, tags: [LOCKED_LABEL, "plain"], note: LOCKED_LABEL });
    expect(JSON.stringify(locked)).not.toMatch(/Tax|Finance|accountant/);
  });
});

describe("the account's key rotated elsewhere (decision 239)", () => {
  /** What the server answers once another browser started a rotation: the new key wrapped, its id, the old one sealed under it. */
  async function rotate(server: FakeServer, rawKey: Uint8Array<ArrayBuffer>, sealsTabLocations: boolean) {
    const next = await createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);
    const nextKey = await backupKeyFrom(next.rawKey);
    const keyId = await keyIdOf(nextKey);
    const rotation = { previousKey: await sealPreviousKey(nextKey, rawKey), previousKeyId: await keyIdOf(await backupKeyFrom(rawKey)) };
    server.formEncryption = { enabled: true, key: next.stored, setAt: "2026-11-28T10:00:00.000Z", changedAt: "2026-11-28T11:00:00.000Z", sealsTabLocations, keyId, rotation };
    return nextKey;
  }

  it("form entries: the old key is forgotten at the next answer, nothing is sealed with it, and unlocking again seals with the new key", async () => {
    const { server, encryption, rawKey, key } = await encrypting(false);
    await encryption.unlock(PASSPHRASE);
    // An answer naming the key this browser holds changes nothing.
    server.formEncryption = { ...server.formEncryption, keyId: await keyIdOf(key) } as typeof server.formEncryption;
    await encryption.refresh();
    expect(await encryption.status()).toMatchObject({ unlocked: true, keyChanged: false });

    const nextKey = await rotate(server, rawKey, false);
    await encryption.refresh();
    expect(await encryption.status()).toMatchObject({ enabled: true, unlocked: false, keyChanged: true });
    const sent = await encryption.sealUpload(upload());
    expect(sent!.windows[0]!.tabs[0]!.formData).toEqual({});
    expect(JSON.stringify(sent)).not.toMatch(/Landlord|tv[123]\./);
    expect(KEY_CHANGED_MESSAGE).toMatch(/unlock it again/);

    expect((await encryption.unlock(PASSPHRASE)).ok).toBe(true);
    expect(await encryption.status()).toMatchObject({ unlocked: true, keyChanged: false });
    const sealed = (await encryption.sealUpload(upload()))!.windows[0]!.tabs[0]!.formData![SEALED_FORM_FIELD]!;
    expect(await openFormData(nextKey, sealed, "https://bank.example/transfer")).toEqual(typed);
    await expect(openFormData(key, sealed, "https://bank.example/transfer")).rejects.toThrow();
  });

  it("titles and addresses: backups and open tabs wait on the device instead of leaving sealed with the old key", async () => {
    const { server, encryption, rawKey } = await encrypting(true);
    await encryption.unlock(PASSPHRASE);
    expect(await encryption.sealUpload(upload())).not.toBeNull();
    await rotate(server, rawKey, true);
    await encryption.refresh();
    expect(await encryption.lockedOut()).toBe(true);
    expect(await encryption.sealUpload(upload())).toBeNull();
    expect(await encryption.sealOpenTabs({ capturedAt: 1_795_420_800_000, windows: upload().windows, groups: [] })).toBeNull();
  });
});
