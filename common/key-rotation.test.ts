import { describe, expect, it } from "vitest";
import {
  asSealedFormData,
  backupKeyFrom,
  createBackupKey,
  keyIdOf,
  MIN_KDF_ITERATIONS,
  openFormData,
  openLabel,
  openPreviousKey,
  openTabLocation,
  sealedFormDataOf,
  sealedKeyIdOf,
  sealedTextPattern,
  sealFormData,
  sealLabel,
  sealPreviousKey,
  sealTabLocation,
} from "./end-to-end-encryption";
import { sealedIvOf } from "./api/encryption-rotation-labels";
import { isSealedLabel, plainOrSealed, sealedLabelLength } from "./api/sealed-labels";
import { text } from "./api/text";
import { isUnderKey, resealContent, resealLabel } from "./key-rotation";

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

  it("a label re-sealed names the new key, opens with it for the same place only, is taken as sealed within its cap; one offered elsewhere is left", async () => {
    const previous = await backupKeyFrom(raw());
    const key = await backupKeyFrom(raw());
    const keys = { key, keyId: await keyIdOf(key), previous };
    const backupId = "00000000-0000-4000-8000-000000000001";
    const name = { backupId, kind: "backup-name" as const, index: 0, sealed: await sealLabel(previous, "Tax return", { kind: "backup-name", backupId }) };
    const resealed = await resealLabel(keys, name);
    expect(resealed?.sealed.startsWith(`tv3.${keys.keyId}.`)).toBe(true);
    expect(resealed?.replacesIv).toBe(sealedIvOf(name.sealed));
    expect(await openLabel(key, resealed!.sealed, { kind: "backup-name", backupId })).toBe("Tax return");
    await expect(openLabel(previous, resealed!.sealed, { kind: "backup-name", backupId })).rejects.toThrow(/not sealed for this place/);
    await expect(openLabel(key, resealed!.sealed, { kind: "note", backupId })).rejects.toThrow(/not sealed for this place/);
    // The id is bound: relabelled with another id, or as tv2, it does not open.
    const [, , iv, ciphertext] = resealed!.sealed.split(".");
    await expect(openLabel(key, `tv3.${"Z".repeat(22)}.${iv}.${ciphertext}`, { kind: "backup-name", backupId })).rejects.toThrow(/not sealed for this place/);
    await expect(openLabel(key, `tv2.${iv}.${ciphertext}`, { kind: "backup-name", backupId })).rejects.toThrow(/not sealed for this place/);
    // Every reader takes it as sealed, and the contracts accept it within the cap of its kind.
    expect(isSealedLabel(resealed!.sealed)).toBe(true);
    const field = plainOrSealed(text().max(200), 200, "name");
    expect(field.parse(resealed!.sealed)).toBe(resealed!.sealed);
    const longest = await sealLabel(key, "\u0001".repeat(200), { kind: "window-name" }, keys.keyId);
    expect(longest.length).toBeLessThanOrEqual(sealedLabelLength(200));
    expect(field.safeParse(`tv3.${keys.keyId}.${"A".repeat(16)}.${"A".repeat(sealedLabelLength(200))}`).success).toBe(false);
    // Already re-sealed, it re-seals again with the new key; a group title opens for its kind in any backup.
    expect(await resealLabel(keys, resealed!)).not.toBeNull();
    const title = await resealLabel(keys, { backupId, kind: "group-title", index: 7, sealed: await sealLabel(previous, "Taxes", { kind: "group-title" }) });
    expect(await openLabel(key, title!.sealed, { kind: "group-title" })).toBe("Taxes");
    // The server moved the name onto another backup: it opens there under neither key and is left as it was.
    expect(await resealLabel(keys, { ...name, backupId: "00000000-0000-4000-8000-000000000002" })).toBeNull();
    expect(await resealLabel({ ...keys, previous: null }, name)).toBeNull();
  });
});
