import { describe, expect, it } from "vitest";
import {
  asSealedFormData,
  backupKeyFrom,
  createBackupKey,
  keyIdOf,
  MIN_KDF_ITERATIONS,
  openFormData,
  openPreviousKey,
  openTabLocation,
  sealedFormDataOf,
  sealedKeyIdOf,
  sealedTextPattern,
  sealFormData,
  sealPreviousKey,
  sealTabLocation,
} from "./end-to-end-encryption";
import { isUnderKey, resealContent } from "./key-rotation";

const raw = () => globalThis.crypto.getRandomValues(new Uint8Array(32));
const page = "https://bank.example/transfer";
const typed = { amount: "25" };

describe("key rotation's cryptography (decision 239)", () => {
  it("a key's id names it: the same for the same key however imported, another for another key, and reveals nothing to seal with", async () => {
    const bytes = raw();
    const id = await keyIdOf(await backupKeyFrom(bytes));
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await keyIdOf(await backupKeyFrom(new Uint8Array(bytes)))).toBe(id);
    expect(await keyIdOf(await backupKeyFrom(raw()))).not.toBe(id);
  });

  it("a value sealed with a key id names it, opens where it was bound, and does not open relabelled with another id or as tv2", async () => {
    const key = await backupKeyFrom(raw());
    const id = await keyIdOf(key);
    const sealed = await sealFormData(key, typed, page, id);
    expect(sealed).toMatch(sealedTextPattern);
    expect(sealed.startsWith(`tv3.${id}.`)).toBe(true);
    expect(sealedKeyIdOf(sealed)).toBe(id);
    expect(await openFormData(key, sealed, page)).toEqual(typed);
    await expect(openFormData(key, sealed, "https://evil.example/")).rejects.toThrow(/not sealed for this page/);
    const relabelled = sealed.replace(id, "A".repeat(22));
    await expect(openFormData(key, relabelled, page)).rejects.toThrow();
    await expect(openFormData(key, `tv2.${sealed.split(".").slice(2).join(".")}`, page)).rejects.toThrow();
    expect(sealedKeyIdOf(await sealFormData(key, typed, page))).toBeNull();
  });

  it("the previous key, sealed under the new one, opens only with the new one", async () => {
    const previousRaw = raw();
    const newKey = await backupKeyFrom(raw());
    const sealed = await sealPreviousKey(newKey, previousRaw);
    const previous = await openPreviousKey(newKey, sealed);
    expect(await keyIdOf(previous)).toBe(await keyIdOf(await backupKeyFrom(previousRaw)));
    await expect(openPreviousKey(await backupKeyFrom(raw()), sealed)).rejects.toThrow();
    // Nor as any other sealed value of the same key.
    await expect(openFormData(newKey, sealed, page)).rejects.toThrow();
  });

  it("re-seals a stored tab under the new key, still bound to its page and companions; a value of neither key is left alone", async () => {
    const previous = await backupKeyFrom(raw());
    const key = await backupKeyFrom((await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS)).rawKey);
    const keyId = await keyIdOf(key);
    const formData = asSealedFormData(await sealFormData(previous, typed, page));
    const scrollPosition = { x: 0, y: 40 };
    const sealedLocation = await sealTabLocation(previous, { url: page, title: "Transfer", faviconUrl: null }, { formData, scrollPosition });
    const content = { id: 7, url: "", sealedLocation, formData, scrollPosition };
    expect(isUnderKey(content, keyId)).toBe(false);

    const resealed = await resealContent({ key, keyId, previous }, content);
    expect(resealed).not.toBeNull();
    expect(isUnderKey(resealed!, keyId)).toBe(true);
    const location = await openTabLocation(key, resealed!.sealedLocation!, { formData: resealed!.formData, scrollPosition });
    expect(location).toEqual({ url: page, title: "Transfer", faviconUrl: null });
    expect(await openFormData(key, sealedFormDataOf(resealed!.formData)!, page)).toEqual(typed);
    // Moved beside another scroll, the re-sealed location does not open: the binding survives the rotation.
    await expect(openTabLocation(key, resealed!.sealedLocation!, { formData: resealed!.formData, scrollPosition: { x: 0, y: 0 } })).rejects.toThrow(/not sealed for this tab/);
    // Already re-sealed content re-seals again (with the new key); a foreign key's content does not.
    expect(await resealContent({ key, keyId, previous }, { ...content, ...resealed! })).not.toBeNull();
    expect(await resealContent({ key, keyId, previous: await backupKeyFrom(raw()) }, content)).toBeNull();
  });
});
