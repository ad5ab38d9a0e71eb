import { describe, expect, it } from "vitest";
import type { UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { backupKeyFrom, createBackupKey, MIN_KDF_ITERATIONS, openTabLocation, sealTabLocation } from "@common/end-to-end-encryption";
import { LOCKED_RESTORE_MESSAGE } from "../form-encryption";
import { type ActionAnswer, LOCKED_QUEUE_MESSAGE, type Status } from "../messages";
import { type Harness, current, settle, startAlone, stopAfterEach } from "../../test/background-harness";

stopAfterEach();

describe("titles and addresses sealed when the account chooses (decision 199)", () => {
  const PASSPHRASE = "correct horse battery staple";
  const pages = ["https://private.example/diagnosis", "https://private.example/letter"];
  const seen = (url: string) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url);
  const backupRequests = (h: Harness) => h.server.requests.filter((request) => request.method === "POST" && request.path === "/api/browser-backups");
  let rawKey: Uint8Array<ArrayBuffer>;

  /** The account encrypts (its key wrapped with the fewest rounds allowed, for speed) and seals locations or not. */
  async function encrypting(sealsTabLocations: boolean): Promise<Harness> {
    await startAlone("chromium");
    const h = current();
    const made = await createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);
    rawKey = made.rawKey;
    h.server.formEncryption = { enabled: true, key: made.stored, setAt: "2026-11-24T10:00:00.000Z", changedAt: "2026-11-24T10:00:00.000Z", sealsTabLocations };
    await settle(h, 6_000);
    // The options page opens: the account's answer is read.
    await h.send({ kind: "encryption-status" });
    h.world.openWindow(pages.map((url) => ({ url, title: `Title of ${url}` })));
    await h.clock.advance(1_100);
    return h;
  }

  /** Tabs as the server answers them for an account that seals: nothing readable beside each sealed location. */
  async function sealedTabs(urls: string[]) {
    const key = await backupKeyFrom(rawKey);
    return Promise.all(
      urls.map(async (url, index) => ({
        url: "",
        title: "",
        faviconUrl: null,
        sealedLocation: await sealTabLocation(key, { url, title: `Sealed ${index}`, faviconUrl: null }, {}),
        pinned: false,
        active: index === 0,
        groupId: null,
        formData: {},
        scrollPosition: { x: 0, y: 0 },
      })),
    );
  }

  function expectOnlySealed(upload: UploadBrowserBackupRequest | undefined) {
    const tabs = upload?.windows.flatMap((window) => window.tabs) ?? [];
    expect(tabs.length).toBeGreaterThanOrEqual(pages.length);
    for (const tab of tabs) expect(tab).toMatchObject({ url: "", title: "", faviconUrl: null, sealedLocation: expect.stringMatching(/^tv2\./) });
    expect(JSON.stringify(upload)).not.toMatch(/private\.example|Title of/);
  }

  it("locked: nothing is sent and the backup waits on the device; unlocked: it goes up with only sealed tabs", async () => {
    const h = await encrypting(true);
    const before = backupRequests(h).length;
    expect(await h.send<ActionAnswer>({ kind: "back-up-now" })).toMatchObject({ ok: true, message: expect.stringMatching(/^Saved on this device: it goes up encrypted once you unlock this browser/) });
    await settle(h, 60_000);
    expect(backupRequests(h).length).toBe(before);
    let status = await h.send<Status>({ kind: "status" });
    expect(status.backupsLocked).toBe(true);
    expect(status.queue.waiting).toBeGreaterThanOrEqual(1);
    expect(status.queue.lastError).toBe(LOCKED_QUEUE_MESSAGE);

    expect(await h.send<ActionAnswer>({ kind: "encryption-unlock", passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    await settle(h);
    status = await h.send<Status>({ kind: "status" });
    expect(status).toMatchObject({ backupsLocked: false, queue: { waiting: 0 } });
    const manual = h.server.stored().find((upload) => upload.trigger === "manual_save");
    expectOnlySealed(manual);
    const key = await backupKeyFrom(rawKey);
    const opened = await Promise.all(manual!.windows.flatMap((window) => window.tabs).map((tab) => openTabLocation(key, tab.sealedLocation!, tab)));
    expect(opened.map((location) => location.url)).toEqual(expect.arrayContaining(pages));
  });

  it("the account turns sealing on meanwhile: the server's 409 keeps the backup, sealed once unlocked", async () => {
    const h = await encrypting(false);
    // The server starts sealing after this browser last asked: the first send is refused, not lost.
    (h.server.formEncryption as { sealsTabLocations: boolean }).sealsTabLocations = true;
    await h.send<ActionAnswer>({ kind: "back-up-now" });
    await settle(h);
    const status = await h.send<Status>({ kind: "status" });
    expect(status).toMatchObject({ backupsLocked: true, queue: { refused: 0 } });
    expect(status.queue.waiting).toBeGreaterThanOrEqual(1);
    expect(h.server.stored().filter((upload) => upload.trigger === "manual_save")).toEqual([]);

    await h.send({ kind: "encryption-unlock", passphrase: PASSPHRASE });
    await settle(h);
    expectOnlySealed(h.server.stored().find((upload) => upload.trigger === "manual_save"));
  });

  it("open tabs are pushed sealed, and not at all while locked", async () => {
    const h = await encrypting(true);
    h.server.planType = "pro";
    await h.send({ kind: "settings-changed" });
    await settle(h, 61_000);
    expect(h.server.requests.filter((request) => request.method === "PUT" && request.path === "/api/open-tabs")).toEqual([]);
    await h.send({ kind: "encryption-unlock", passphrase: PASSPHRASE });
    await settle(h);
    const pushed = h.server.openTabs.get("d1");
    expect(pushed?.tabCount).toBeGreaterThanOrEqual(pages.length);
    expect(JSON.stringify(pushed)).not.toMatch(/private\.example|Title of/);
  });

  it("on Pro, another browser's sealed open tabs restore here to their real pages, smart recovery leaving out the one open", async () => {
    const h = await encrypting(true);
    h.server.planType = "pro";
    await h.send({ kind: "settings-changed" });
    const otherDevice = "0b1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    const urls = [pages[0]!, "https://laptop.example/notes"];
    const tabs = await sealedTabs(urls);
    h.server.openTabs.set(otherDevice, {
      deviceId: otherDevice,
      deviceName: "Firefox on the laptop",
      browserType: "firefox",
      capturedAt: "2026-11-24T10:00:00.000Z",
      tabCount: 2,
      windowCount: 1,
      windows: [{ windowId: 1, state: "normal", focused: true, left: null, top: null, width: null, height: null, tabs }],
      groups: [],
    });
    expect(await h.send<ActionAnswer>({ kind: "restore-open-tabs", deviceId: otherDevice })).toEqual({ ok: false, message: LOCKED_RESTORE_MESSAGE });
    await h.send({ kind: "encryption-unlock", passphrase: PASSPHRASE });
    expect(await h.send<ActionAnswer>({ kind: "restore-open-tabs", deviceId: otherDevice })).toEqual({ ok: true, message: "Restoring 1 tab (most recently used first; 1 already open skipped)" });
    await settle(h);
    const everywhere = h.world.layout().flatMap((window) => window.tabs.map(seen));
    expect(everywhere.filter((url) => url === "https://laptop.example/notes")).toHaveLength(1);
    expect(everywhere.filter((url) => url === pages[0])).toHaveLength(1);
  });

  it("a restore opens sealed tabs to their real pages; locked, it refuses instead of opening blank tabs", async () => {
    const h = await encrypting(true);
    const backupId = "8a1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    const urls = ["https://sealed.example/one", "https://sealed.example/two"];
    h.server.backups.push({
      id: backupId,
      sessionName: "Sealed",
      triggerEvent: "manual_save",
      deviceName: "Chrome on Linux",
      browserType: "chrome",
      createdAt: "2026-11-24T10:00:00.000Z",
      tabCount: 2,
      windows: [
        {
          windowId: 1,
          state: "normal",
          focused: true,
          left: null,
          top: null,
          width: null,
          height: null,
          tabs: await sealedTabs(urls),
        },
      ],
      groups: [],
    });
    const windowsBefore = h.world.layout().length;
    expect(await h.send<ActionAnswer>({ kind: "restore-backup", backupId })).toEqual({ ok: false, message: LOCKED_RESTORE_MESSAGE });
    await settle(h);
    expect(h.world.layout().length).toBe(windowsBefore);

    await h.send({ kind: "encryption-unlock", passphrase: PASSPHRASE });
    expect(await h.send<ActionAnswer>({ kind: "restore-backup", backupId })).toEqual({ ok: true, message: "Restoring 2 tabs" });
    await settle(h);
    const restored = h.world.layout().find((window) => window.tabs.some((url) => url.includes("sealed.example")));
    expect(restored?.tabs.map(seen)).toEqual(urls);
  });
});
