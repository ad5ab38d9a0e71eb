import { tabSnapshotSchema, type TabSnapshotInput } from "@common/api/backups";
import { PLAIN_TAB_REFUSED_MESSAGE } from "@common/api/encryption";
import { backupKeyFrom, createBackupKey, MIN_KDF_ITERATIONS, openFormData, openTabLocation, sealedFormDataOf, sealTabLocation } from "@common/end-to-end-encryption";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isPlainTabRefusal } from "@/features/protection/capture-engine";
import { ApiError } from "@/lib/queryClient";
import { knownEncryption, knownLocationSealing, refusedDowngrade, rememberEncryption } from "./encryption-status";
import { digestBackup } from "@common/backup-digest";
import { openedForRestore, type SealingChoice, sealTabsForSending, shownLocation, withOpenedLocations } from "./tab-sealing";

const newKey = async (passphrase: string) => backupKeyFrom((await createBackupKey(passphrase, MIN_KDF_ITERATIONS)).rawKey);
let key: CryptoKey;
let otherKey: CryptoKey;
beforeAll(async () => {
  key = await newKey("correct horse battery staple");
  otherKey = await newKey("another passphrase entirely");
});

const clinic: TabSnapshotInput = {
  url: "https://clinic.example/results?patient=7",
  title: "Blood test results – Ana",
  faviconUrl: "https://clinic.example/favicon.ico",
  formData: { note: "fasting since 8" },
  scrollPosition: { x: 0, y: 300 },
};
const news: TabSnapshotInput = { url: "https://news.example/", title: "News", formData: {} };

describe("the web app's tabs sealed before they are sent (decisions 177, 199)", () => {
  it("seals each tab's address, title and favicon into sealedLocation, with its form entries, when the account chose so", async () => {
    const sent = await sealTabsForSending([clinic, news], { encryption: "on", sealsLocations: true, key });
    expect(sent).not.toBeNull();
    const [first, second] = sent!;
    expect(first).toMatchObject({ url: "", title: "", faviconUrl: null, scrollPosition: { x: 0, y: 300 } });
    expect(JSON.stringify(sent)).not.toMatch(/clinic|Blood|fasting|news\.example/);
    expect(await openTabLocation(key, first!.sealedLocation!, first!)).toEqual({ url: clinic.url, title: clinic.title, faviconUrl: clinic.faviconUrl });
    expect(await openFormData(key, sealedFormDataOf(first!.formData!)!, clinic.url)).toEqual({ note: "fasting since 8" });
    // Bound to its page (decision 220): offered for another page, it does not open.
    await expect(openFormData(key, sealedFormDataOf(first!.formData!)!, news.url)).rejects.toThrow();
    expect(await openTabLocation(key, second!.sealedLocation!, second!)).toEqual({ url: news.url, title: "News", faviconUrl: null });
    // What the server's contract accepts: a tab that is sealed whole.
    for (const tab of sent!) expect(tabSnapshotSchema.safeParse(tab).success).toBe(true);
  });

  it("sends nothing at all when the account seals titles and addresses and this browser is locked", async () => {
    expect(await sealTabsForSending([clinic], { encryption: "on", sealsLocations: true, key: null })).toBeNull();
  });

  it("leaves titles and addresses plain when the account does not seal them; form entries as decision 177 says", async () => {
    const sealsForms: SealingChoice = { encryption: "on", sealsLocations: false, key };
    const [sealedForms] = (await sealTabsForSending([clinic], sealsForms))!;
    expect(sealedForms).toMatchObject({ url: clinic.url, title: clinic.title });
    expect(sealedForms!.sealedLocation).toBeUndefined();
    // Bound to its page since decision 220.
    expect(sealedFormDataOf(sealedForms!.formData!)).toMatch(/^tv2\./);
    expect((await sealTabsForSending([clinic], { ...sealsForms, key: null }))![0]!.formData).toEqual({});
    expect((await sealTabsForSending([clinic], { encryption: "unknown", sealsLocations: false, key }))![0]!.formData).toEqual({});
    expect((await sealTabsForSending([clinic], { encryption: "off", sealsLocations: false, key: null }))![0]).toEqual(clinic);
  });

  it("opens sealed tabs with this browser's key, and says when it is locked or holds another key", async () => {
    const sealedLocation = await sealTabLocation(key, { url: clinic.url, title: clinic.title!, faviconUrl: null }, {});
    const sealed = { url: "", title: "", faviconUrl: null, sealedLocation };
    expect(await shownLocation(key, sealed)).toEqual({ url: clinic.url, title: clinic.title, faviconUrl: null, state: "opened" });
    expect(await shownLocation(null, sealed)).toMatchObject({ url: "", title: "", state: "locked" });
    expect(await shownLocation(otherKey, sealed)).toMatchObject({ url: "", state: "unreadable" });
    expect(await shownLocation(null, { url: news.url, title: "News" })).toEqual({ url: news.url, title: "News", faviconUrl: null, state: "plain" });
  });

  it("restores the tabs it can open, with their addresses, and counts those it cannot", async () => {
    const sealedLocation = await sealTabLocation(key, { url: clinic.url, title: clinic.title!, faviconUrl: null }, {});
    const tabs = [
      { id: "1", url: "", title: "", faviconUrl: null, sealedLocation, formData: {} },
      { id: "2", url: news.url, title: "News", faviconUrl: null, sealedLocation: null, formData: {} },
    ];
    expect(await openedForRestore(key, tabs)).toEqual({
      tabs: [{ ...tabs[0], url: clinic.url, title: clinic.title, sealedLocation: null }, tabs[1]],
      unopened: 0,
    });
    expect(await openedForRestore(null, tabs)).toEqual({ tabs: [tabs[1]], unopened: 1 });
    expect(await openedForRestore(otherKey, tabs)).toEqual({ tabs: [tabs[1]], unopened: 1 });
  });
});

describe("the summary made in a browser that holds the key", () => {
  it("summarises the tabs it opened with the others, and counts apart only those it could not open", async () => {
    const tabs = [
      { url: "", title: "", sealedLocation: await sealTabLocation(key, { url: "https://docs.example/a", title: "Invoice March", faviconUrl: null }, {}), lastAccessed: null },
      { url: "", title: "", sealedLocation: await sealTabLocation(otherKey, { url: "https://secret.example/", title: "Hidden", faviconUrl: null }, {}), lastAccessed: null },
      { url: "https://docs.example/b", title: "Invoice April", sealedLocation: null, lastAccessed: null },
    ];
    const shown = await Promise.all(tabs.map((tab) => shownLocation(key, tab)));
    const digest = digestBackup(withOpenedLocations(tabs, shown), new Date("2026-11-24T12:00:00Z"));
    expect(digest).toMatchObject({ tabCount: 3, encryptedTabs: 1, sites: [{ site: "docs.example", tabs: 2 }], topics: [{ word: "invoice", tabs: 2 }] });
    expect(JSON.stringify(digest)).not.toContain("secret");
  });
});

describe("what this browser remembers of the account's choice", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps whether titles and addresses are sealed, beside whether encryption is on", () => {
    const items = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (name: string) => items.get(name) ?? null,
      setItem: (name: string, value: string) => void items.set(name, value),
      removeItem: (name: string) => void items.delete(name),
    });
    expect([knownEncryption("Ana@example.com"), knownLocationSealing("ana@example.com")]).toEqual(["unknown", false]);
    const on = { enabled: true, key: { salt: "s", iterations: MIN_KDF_ITERATIONS, wrappedKey: "w" }, setAt: "", changedAt: "" } as const;
    expect(rememberEncryption("bo@example.com", { enabled: false })).toBe(false);
    expect(knownEncryption("bo@example.com")).toBe("off");
    rememberEncryption("ana@example.com", { ...on, sealsTabLocations: true });
    expect([knownEncryption("ana@example.com"), knownLocationSealing("Ana@Example.com")]).toEqual(["on", true]);
    // Lower answers from the server are refused (decision 220); the person's own choice on the Account page is taken.
    expect(rememberEncryption("ana@example.com", { ...on, sealsTabLocations: false })).toBe(true);
    expect([knownEncryption("ana@example.com"), knownLocationSealing("ana@example.com"), refusedDowngrade("ana@example.com")]).toEqual(["on", true, true]);
    expect(rememberEncryption("ana@example.com", { ...on, sealsTabLocations: false }, true)).toBe(false);
    expect([knownEncryption("ana@example.com"), knownLocationSealing("ana@example.com"), refusedDowngrade("ana@example.com")]).toEqual(["on", false, false]);
    expect(rememberEncryption("ana@example.com", { enabled: false })).toBe(true);
    expect(rememberEncryption("ana@example.com", { enabled: false }, true)).toBe(true);
    expect([knownEncryption("ana@example.com"), refusedDowngrade("ana@example.com")]).toEqual(["on", true]);
  });

  it("knows the server's refusal of plain tabs from an account that seals them", () => {
    expect(isPlainTabRefusal(new ApiError(409, JSON.stringify({ message: PLAIN_TAB_REFUSED_MESSAGE }), "Conflict"))).toBe(true);
    expect(isPlainTabRefusal(new ApiError(409, JSON.stringify({ message: "Another conflict" }), "Conflict"))).toBe(false);
    expect(isPlainTabRefusal(new Error("offline"))).toBe(false);
  });
});
