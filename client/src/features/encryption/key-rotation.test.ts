import { describe, expect, it } from "vitest";
import type { FormEncryption } from "@common/api/encryption";
import { backupKeyFrom, createBackupKey, keyIdOf, MIN_KDF_ITERATIONS } from "@common/end-to-end-encryption";
import { forgetReplacedKey } from "./key-rotation";

describe("the web app notices a key rotated elsewhere (decision 239)", () => {
  it("forgets a held key the account no longer names, keeps one it names or when no id is known", async () => {
    const { stored, rawKey } = await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS);
    const key = await backupKeyFrom(rawKey);
    let held: CryptoKey | null = key;
    const store = { load: async () => held, forget: async () => void (held = null) };
    const answer = (keyId: string | null): FormEncryption => ({ enabled: true, key: stored, setAt: "", changedAt: "", sealsTabLocations: false, keyId, rotation: null });

    expect(await forgetReplacedKey(answer(null), store)).toBe(false);
    expect(await forgetReplacedKey(answer(await keyIdOf(key)), store)).toBe(false);
    expect(await forgetReplacedKey({ enabled: false }, store)).toBe(false);
    expect(held).toBe(key);
    expect(await forgetReplacedKey(answer(await keyIdOf(await backupKeyFrom(crypto.getRandomValues(new Uint8Array(32))))), store)).toBe(true);
    expect(held).toBeNull();
  });
});
