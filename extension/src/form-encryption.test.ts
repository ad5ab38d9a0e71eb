import { describe, expect, it } from "vitest";
import { asSealedFormData, backupKeyFrom, createBackupKey, openFormData, SEALED_FORM_FIELD, sealFormData } from "@common/end-to-end-encryption";
import type { StorageArea } from "./browser-api";
import { FormEncryption } from "./form-encryption";
import { buildSnapshot, toUploadRequest } from "./snapshot";
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
  const snapshot = buildSnapshot(
    "00000000-0000-4000-8000-000000000001",
    1_795_420_800_000,
    [{ id: 1, focused: true, incognito: false, tabs: [{ id: 1, windowId: 1, index: 0, url: "https://a.example/form", pinned: false, active: true, incognito: false }] }],
    [],
    new Map([[1, { url: "https://a.example/form", formData: typed, scrollPosition: { x: 0, y: 0 } }]]),
  );
  return toUploadRequest(snapshot, { snapshotId: "00000000-0000-4000-8000-000000000002", trigger: "clear_all_detected" });
}

async function setUp(enabled: boolean) {
  const server = new FakeServer();
  const made = await createBackupKey(PASSPHRASE);
  server.formEncryption = enabled ? { enabled: true, key: made.stored, setAt: "2026-11-24T10:00:00.000Z", changedAt: "2026-11-24T10:00:00.000Z", sealsTabLocations: false } : { enabled: false };
  const encryption = new FormEncryption({ storage: memoryStorage(), fetch: server.fetch, credentials: async () => ({ serverUrl: server.origin, token: server.token }) });
  return { server, encryption, key: await backupKeyFrom(made.rawKey) };
}

const formOf = (request: ReturnType<typeof upload>) => request.windows[0]!.tabs[0]!.formData ?? {};

describe("end-to-end encryption in the extension (decision 177)", () => {
  it("sends form entries as typed while the account does not encrypt", async () => {
    const { encryption } = await setUp(false);
    expect(await encryption.refresh()).toBe(false);
    expect(formOf(await encryption.sealUpload(upload()))).toEqual(typed);
  });

  it("with encryption on and this browser locked, leaves form entries out", async () => {
    const { encryption } = await setUp(true);
    expect(await encryption.refresh()).toBe(true);
    expect(await encryption.status()).toEqual({ enabled: true, unlocked: false });
    expect(formOf(await encryption.sealUpload(upload()))).toEqual({});
  });

  it("unlocked with the passphrase, seals them so only the backup key opens them, and opens them for a refill", async () => {
    const { encryption, key } = await setUp(true);
    expect((await encryption.unlock("not the passphrase at all")).message).toBe("That passphrase does not open this account's encrypted data.");
    expect(await encryption.unlock(PASSPHRASE)).toMatchObject({ ok: true });
    const sealed = formOf(await encryption.sealUpload(upload()));
    expect(Object.keys(sealed)).toEqual([SEALED_FORM_FIELD]);
    expect(JSON.stringify(sealed)).not.toContain("keys at 6");
    expect(await openFormData(key, sealed[SEALED_FORM_FIELD]!)).toEqual(typed);
    expect(await encryption.openForRefill(sealed)).toEqual(typed);
    expect(await encryption.openForRefill(asSealedFormData(await sealFormData(key, { other: "x" })))).toEqual({ other: "x" });

    await encryption.lock();
    expect(await encryption.openForRefill(sealed)).toEqual({});
    expect(formOf(await encryption.sealUpload(upload()))).toEqual({});
  });

  it("forgets the key when the account stops encrypting, or the browser is disconnected", async () => {
    const { server, encryption } = await setUp(true);
    await encryption.unlock(PASSPHRASE);
    server.formEncryption = { enabled: false };
    await encryption.refresh();
    expect(await encryption.status()).toEqual({ enabled: false, unlocked: false });
    await encryption.forget();
    expect(await encryption.status()).toEqual({ enabled: null, unlocked: false });
  });
});
