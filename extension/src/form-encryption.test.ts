import { describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import { asSealedFormData, backupKeyFrom, createBackupKey, openFormData, openTabLocation, SEALED_FORM_FIELD, sealFormData, sealTabLocation } from "@common/end-to-end-encryption";
import { openTabsRequest } from "./open-tabs-sync";
import type { StorageArea } from "./browser-api";
import { FormEncryption } from "./form-encryption";
import { memoryKeyStore } from "./key-store";
import { buildSnapshot, toUploadRequest, type Snapshot } from "./snapshot";
import { FakeServer } from "../test/fake-server";

const typed = { note: "Pick up the keys at 6" };
const PASSPHRASE = "correct horse battery staple";

function memoryStorage(): StorageArea {
  const items = new Map<string, unknown>();
  return {
    get: async (keys) => Object.fromEntries([...items].filter(([key]) => keys === undefined || keys === null || (Array.isArray(keys) ? keys.includes(key) : keys === key))),
    set: async (values) => void Object.entries(values).forEach(([key, value]) => items.set(key, value)),
    remove: async (keys) => void (Array.isArray(keys) ? keys : [keys]).forEach((key) => items.delete(key)),
  };
}

function upload() {
  return toUploadRequest(snapshotOfOneTab(), { snapshotId: "00000000-0000-4000-8000-000000000002", trigger: "clear_all_detected" });
}

function snapshotOfOneTab(): Snapshot {
  return buildSnapshot(
    "00000000-0000-4000-8000-000000000001",
    1_795_420_800_000,
    [{ id: 1, focused: true, incognito: false, tabs: [{ id: 1, windowId: 1, index: 0, url: "https://a.example/form", title: "Pick-up form", pinned: false, active: true, incognito: false }] }],
    [],
    new Map([[1, { url: "https://a.example/form", formData: typed, scrollPosition: { x: 0, y: 0 } }]]),
  );
}

async function setUp(enabled: boolean, sealsTabLocations = false) {
  const server = new FakeServer();
  const made = await createBackupKey(PASSPHRASE);
  server.formEncryption = enabled ? { enabled: true, key: made.stored, setAt: "2026-11-24T10:00:00.000Z", changedAt: "2026-11-24T10:00:00.000Z", sealsTabLocations } : { enabled: false };
  const encryption = new FormEncryption({ storage: memoryStorage(), keys: memoryKeyStore(), fetch: server.fetch, now: () => Date.now(), credentials: async () => ({ serverUrl: server.origin, token: server.token }) });
  return { server, encryption, key: await backupKeyFrom(made.rawKey) };
}

const formOf = (request: ReturnType<typeof upload> | null) => request!.windows[0]!.tabs[0]!.formData ?? {};

/** A backup as the server answers it, of one plain tab at `url` with these form entries. */
const backupOfOne = (url: string, formData: Record<string, string>): Pick<BrowserBackup, "windows"> => ({
  windows: [
    {
      windowId: 1,
      state: "normal",
      focused: true,
      left: null,
      top: null,
      width: null,
      height: null,
      tabs: [{ url, title: "", faviconUrl: null, sealedLocation: null, pinned: false, active: true, groupId: null, formData, scrollPosition: { x: 0, y: 0 } }],
    },
  ],
});

describe("end-to-end encryption in the extension (decision 177)", () => {
  it("sends form entries as typed while the account does not encrypt", async () => {
    const { encryption } = await setUp(false);
    expect(await encryption.refresh()).toBe(false);
    expect(formOf(await encryption.sealUpload(upload()))).toEqual(typed);
  });

  it("with encryption on and this browser locked, leaves form entries out", async () => {
    const { encryption } = await setUp(true);
    expect(await encryption.refresh()).toBe(true);
    expect(await encryption.status()).toEqual({ enabled: true, unlocked: false, unlockedUntil: null, sealsTabLocations: false, refusedDowngrade: null, keyChanged: false });
    expect(formOf(await encryption.sealUpload(upload()))).toEqual({});
  });

  it("unlocked with the passphrase, seals them so only the backup key opens them, and opens them for a refill", async () => {
    const { encryption, key } = await setUp(true);
    expect((await encryption.unlock("not the passphrase at all")).message).toBe("That passphrase does not open this account's encrypted data.");
    expect(await encryption.unlock(PASSPHRASE)).toMatchObject({ ok: true });
    const sealed = formOf(await encryption.sealUpload(upload()));
    expect(Object.keys(sealed)).toEqual([SEALED_FORM_FIELD]);
    expect(JSON.stringify(sealed)).not.toContain("keys at 6");
    expect(await openFormData(key, sealed[SEALED_FORM_FIELD]!, "https://a.example/form")).toEqual(typed);
    const refill = async (formData: Record<string, string>) => (await encryption.openBackup(backupOfOne("https://a.example/form", formData))).backup.windows[0]!.tabs[0]!.formData;
    expect(await refill(sealed)).toEqual(typed);
    expect(await refill(asSealedFormData(await sealFormData(key, { other: "x" }, "https://a.example/form")))).toEqual({ other: "x" });

    await encryption.lock();
    expect(await refill(sealed)).toEqual({});
    expect(formOf(await encryption.sealUpload(upload()))).toEqual({});
  });

  it("forgets the key when the browser is disconnected (an \"off\" answer is refused: decision 220)", async () => {
    const { encryption } = await setUp(true);
    await encryption.unlock(PASSPHRASE);
    await encryption.forget();
    expect(await encryption.status()).toEqual({ enabled: null, unlocked: false, unlockedUntil: null, sealsTabLocations: false, refusedDowngrade: null, keyChanged: false });
  });
});

describe("titles and addresses sealed when the account chooses (decision 199)", () => {
  const sealedTab = (sealedLocation: string): BrowserBackup["windows"][number]["tabs"][number] => ({
    url: "",
    title: "",
    faviconUrl: null,
    sealedLocation,
    pinned: false,
    active: true,
    groupId: null,
    formData: {},
    scrollPosition: { x: 0, y: 0 },
  });
  const backupOf = (...tabs: BrowserBackup["windows"][number]["tabs"]): Pick<BrowserBackup, "windows"> => ({
    windows: [{ windowId: 1, state: "normal", focused: true, left: null, top: null, width: null, height: null, tabs }],
  });

  it("unlocked, seals each tab's address, title and favicon with its form entries, for uploads and open-tabs pushes", async () => {
    const { encryption, key } = await setUp(true, true);
    await encryption.refresh();
    expect(await encryption.status()).toEqual({ enabled: true, unlocked: false, unlockedUntil: null, sealsTabLocations: true, refusedDowngrade: null, keyChanged: false });
    expect(await encryption.lockedOut()).toBe(true);
    expect(await encryption.unlock(PASSPHRASE)).toEqual({ ok: true, message: "Unlocked: this browser seals form entries, titles and addresses before they leave it." });
    expect(await encryption.lockedOut()).toBe(false);

    const sealed = await encryption.sealUpload(upload());
    const tab = sealed!.windows[0]!.tabs[0]!;
    expect(tab).toMatchObject({ url: "", title: "", faviconUrl: null });
    expect(JSON.stringify(sealed)).not.toMatch(/a\.example|Pick-up/);
    expect(await openTabLocation(key, tab.sealedLocation!, tab)).toEqual({ url: "https://a.example/form", title: "Pick-up form", faviconUrl: null });
    expect(Object.keys(tab.formData ?? {})).toEqual([SEALED_FORM_FIELD]);

    const pushed = await encryption.sealOpenTabs(openTabsRequest(snapshotOfOneTab(), "chrome"));
    expect(JSON.stringify(pushed)).not.toMatch(/a\.example|Pick-up/);
    expect(await openTabLocation(key, pushed!.windows[0]!.tabs[0]!.sealedLocation!, pushed!.windows[0]!.tabs[0]!)).toMatchObject({ url: "https://a.example/form" });
  });

  it("sends an unchanged tab sealed as it was last time, so the server stores it once; a changed tab or a new unlock seals afresh", async () => {
    const { encryption, key } = await setUp(true, true);
    await encryption.refresh();
    await encryption.unlock(PASSPHRASE);
    const tabOf = (request: ReturnType<typeof upload> | null) => request!.windows[0]!.tabs[0]!;

    const first = tabOf(await encryption.sealUpload(upload()));
    const again = tabOf(await encryption.sealUpload(upload()));
    expect([again.sealedLocation, again.formData]).toEqual([first.sealedLocation, first.formData]);
    const pushed = async () => (await encryption.sealOpenTabs(openTabsRequest(snapshotOfOneTab(), "chrome")))!.windows[0]!.tabs[0]!.sealedLocation;
    expect(await pushed()).toBe(await pushed());

    // Scrolled: the location is bound to the scroll (decision 225), so it is sealed again and still opens.
    const scrolled = upload();
    scrolled.windows[0]!.tabs[0]!.scrollPosition = { x: 0, y: 640 };
    const moved = tabOf(await encryption.sealUpload(scrolled));
    expect(moved.sealedLocation).not.toBe(first.sealedLocation);
    expect(moved.formData).toEqual(first.formData);
    expect(await openTabLocation(key, moved.sealedLocation!, moved)).toMatchObject({ url: "https://a.example/form" });

    // Locked and unlocked again: nothing sealed before is given again.
    await encryption.lock();
    await encryption.unlock(PASSPHRASE);
    const afterUnlock = tabOf(await encryption.sealUpload(upload()));
    expect(afterUnlock.sealedLocation).not.toBe(first.sealedLocation);
    expect(afterUnlock.formData).not.toEqual(first.formData);
  });

  it("locked, lets nothing leave: no upload, no open-tabs push", async () => {
    const { encryption } = await setUp(true, true);
    await encryption.refresh();
    expect(await encryption.sealUpload(upload())).toBeNull();
    expect(await encryption.sealOpenTabs(openTabsRequest(snapshotOfOneTab(), "chrome"))).toBeNull();
  });

  it("opens sealed tabs of a backup read for a restore, and counts those it cannot open", async () => {
    const { encryption, key } = await setUp(true, true);
    await encryption.refresh();
    const location = await sealTabLocation(key, { url: "https://secret.example/plan", title: "The plan", faviconUrl: "https://secret.example/icon.png" }, {});
    const backup = backupOf(sealedTab(location), { ...sealedTab(location), url: "https://plain.example/", title: "Plain", sealedLocation: null });

    const locked = await encryption.openBackup(backup);
    expect(locked).toMatchObject({ stillSealed: 1, unlocked: false });

    await encryption.unlock(PASSPHRASE);
    const opened = await encryption.openBackup(backup);
    expect(opened.stillSealed).toBe(0);
    expect(opened.backup.windows[0]!.tabs.map((tab) => [tab.url, tab.title, tab.faviconUrl, tab.sealedLocation])).toEqual([
      ["https://secret.example/plan", "The plan", "https://secret.example/icon.png", null],
      ["https://plain.example/", "Plain", null, null],
    ]);

    // Sealed under a key this browser does not hold (encryption turned off and on again since): left sealed, counted.
    const other = await backupKeyFrom((await createBackupKey(PASSPHRASE, 310_000)).rawKey);
    const foreign = await encryption.openBackup(backupOf(sealedTab(await sealTabLocation(other, { url: "https://x.example/", title: "x", faviconUrl: null }, {}))));
    expect(foreign).toMatchObject({ stillSealed: 1, unlocked: true });
  });
});
