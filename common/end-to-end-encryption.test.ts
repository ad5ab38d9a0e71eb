import { describe, expect, it } from "vitest";
import { browserTabSchema } from "./api/browser-backups";
import { tabSnapshotSchema } from "./api/backups";
import { formDataSchema } from "./api/tab-fields";
import {
  asSealedFormData,
  BOUND_SEALED_PREFIX,
  LocationSwappedError,
  paddedLength,
  backupKeyFrom,
  createBackupKey,
  MIN_KDF_ITERATIONS,
  formPageOf,
  openFormData,
  openTabLocation,
  SealedElsewhereError,
  rewrapBackupKey,
  SEALED_FORM_FIELD,
  sealFormData,
  sealTabLocation,
  sealedTextPattern,
  toBase64Url,
  unwrapBackupKey,
  WrongPassphraseError,
} from "./end-to-end-encryption";
import { captureFields } from "./form-capture";
import { withoutPrivateFields } from "./form-privacy";

const form = { comment: "Call the landlord about the boiler", "email-body": "Dear Sam," };
const page = "https://mail.example/compose";

describe("end-to-end encryption of form entries (decision 177)", () => {
  it("wraps a random backup key with the passphrase; only that passphrase unwraps it", async () => {
    const { stored, rawKey } = await createBackupKey("correct horse battery staple");
    expect(stored.iterations).toBe(600_000);
    expect(stored.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(stored.wrappedKey).toMatch(sealedTextPattern);
    expect(JSON.stringify(stored)).not.toContain("correct horse");
    expect(await unwrapBackupKey("correct horse battery staple", stored)).toEqual(rawKey);
    await expect(unwrapBackupKey("correct horse battery stapler", stored)).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it("refuses a stored key that asks for fewer rounds than the minimum", async () => {
    const { stored } = await createBackupKey("correct horse battery staple");
    await expect(unwrapBackupKey("correct horse battery staple", { ...stored, iterations: MIN_KDF_ITERATIONS - 1 })).rejects.toThrow(/refusing/);
  });

  it("seals a tab's form entries, names and values, so only the backup key opens them", async () => {
    const { stored, rawKey } = await createBackupKey("correct horse battery staple");
    const key = await backupKeyFrom(rawKey);
    const sealed = await sealFormData(key, form, page);
    expect(sealed).toMatch(sealedTextPattern);
    for (const word of ["comment", "landlord", "email-body", "Sam"]) expect(sealed).not.toContain(word);
    expect(await sealFormData(key, form, page)).not.toBe(sealed);
    expect(await openFormData(key, sealed, page)).toEqual(form);

    const other = await backupKeyFrom((await createBackupKey("another passphrase here")).rawKey);
    await expect(openFormData(other, sealed, page)).rejects.toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}${sealed.slice(-1)}`;
    await expect(openFormData(key, tampered, page)).rejects.toThrow();
    // Bound to its purpose: the wrapped key is not form data, even under the right key.
    await expect(openFormData(key, stored.wrappedKey, page)).rejects.toThrow();
  });

  it("a new passphrase re-wraps the same key: what was sealed before still opens", async () => {
    const { rawKey } = await createBackupKey("first passphrase 1");
    const sealed = await sealFormData(await backupKeyFrom(rawKey), form, page);
    const rewrapped = await rewrapBackupKey(rawKey, "second passphrase 2");
    const unwrapped = await unwrapBackupKey("second passphrase 2", rewrapped);
    expect(await openFormData(await backupKeyFrom(unwrapped), sealed, page)).toEqual(form);
    await expect(unwrapBackupKey("first passphrase 1", rewrapped)).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it("travels as the one form entry SEALED_FORM_FIELD: validated, kept by the privacy sieve, never captured from a page", async () => {
    const sealed = await sealFormData(await backupKeyFrom((await createBackupKey("correct horse battery staple")).rawKey), form, page);
    expect(formDataSchema.parse(asSealedFormData(sealed))).toEqual({ [SEALED_FORM_FIELD]: sealed });
    expect(formDataSchema.safeParse({ ...asSealedFormData(sealed), comment: "plain" }).error?.issues[0]?.message).toBe("Sealed form data must be the only form entry of its tab");
    expect(formDataSchema.safeParse(asSealedFormData("tv1.not-sealed")).error?.issues[0]?.message).toBe("Sealed form data is not a sealed value");
    expect(formDataSchema.safeParse({ comment: "x".repeat(10_001) }).error?.issues[0]?.message).toBe("A form value has at most 10000 characters");
    expect(withoutPrivateFields(asSealedFormData(sealed))).toEqual(asSealedFormData(sealed));
    const typed = { tag: "input", type: "text", id: "", value: "from a page", defaultValue: "", autocomplete: "", everPassword: false, userEdited: true } as const;
    expect(captureFields([{ ...typed, name: SEALED_FORM_FIELD }])).toEqual({});
    expect(captureFields([{ ...typed, name: "note" }])).toEqual({ note: "from a page" });
  });
});

describe("sealed titles and addresses (decision 199)", () => {
  const location = { url: "https://clinic.example/results?patient=7", title: "Blood test results – Ana", faviconUrl: "https://clinic.example/favicon.ico" };

  it("seals a tab's URL, title and favicon as one value only the backup key opens, and never as form entries", async () => {
    const key = await backupKeyFrom((await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS)).rawKey);
    const sealed = await sealTabLocation(key, location, {});
    expect(sealed).toMatch(sealedTextPattern);
    expect(sealed).not.toContain("clinic");
    expect(await openTabLocation(key, sealed, {})).toEqual(location);
    const otherKey = await backupKeyFrom((await createBackupKey("another passphrase here", MIN_KDF_ITERATIONS)).rawKey);
    await expect(openTabLocation(otherKey, sealed, {})).rejects.toThrow();
    // The purpose is bound: a sealed location is not a sealed form, nor the other way round.
    await expect(openFormData(key, sealed, page)).rejects.toThrow();
    await expect(openTabLocation(key, await sealFormData(key, form, page), {})).rejects.toThrow();
  });

  it("binds a sealed location to its tab's form entries and scroll, and pads it so its length hides the address's (decision 225)", async () => {
    const key = await backupKeyFrom((await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS)).rawKey);
    const formData = asSealedFormData(await sealFormData(key, form, location.url));
    const tab = { formData, scrollPosition: { x: 0, y: 120 } };
    const sealed = await sealTabLocation(key, location, tab);
    expect(sealed.startsWith(BOUND_SEALED_PREFIX)).toBe(true);
    expect(await openTabLocation(key, sealed, tab)).toEqual(location);
    for (const other of [{}, { formData, scrollPosition: { x: 0, y: 121 } }, { ...tab, formData: asSealedFormData(await sealFormData(key, form, location.url)) }]) {
      await expect(openTabLocation(key, sealed, other)).rejects.toBeInstanceOf(LocationSwappedError);
    }
    const short = await sealTabLocation(key, { url: `https://a.example/${"x".repeat(10)}`, title: "A", faviconUrl: null }, {});
    const longer = await sealTabLocation(key, { url: `https://a.example/${"x".repeat(50)}`, title: "A", faviconUrl: null }, {});
    expect(short.length).toBe(longer.length);
    expect([paddedLength(1), paddedLength(64), paddedLength(65), paddedLength(4096), paddedLength(4097)]).toEqual([64, 64, 128, 4096, 8192]);
  });

  it("two tabs without form entries at the same scroll open at each other's place: the gap the pages state (C511)", async () => {
    const key = await backupKeyFrom((await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS)).rawKey);
    const same = { formData: {}, scrollPosition: { x: 0, y: 0 } };
    const first = await sealTabLocation(key, location, same);
    // Given to another tab with nothing typed and the same scroll, it opens there: the binding cannot tell them apart.
    expect(await openTabLocation(key, first, { scrollPosition: { x: 0, y: 0 } })).toEqual(location);
    await expect(openTabLocation(key, first, { scrollPosition: { x: 0, y: 1 } })).rejects.toBeInstanceOf(LocationSwappedError);
  });

  it("a tab is a web page or sealed: never both, never neither, in every upload shape", async () => {
    const key = await backupKeyFrom((await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS)).rawKey);
    const sealedLocation = await sealTabLocation(key, location, {});
    const sealedTab = { url: "", title: "", sealedLocation };
    expect(tabSnapshotSchema.parse(sealedTab).sealedLocation).toBe(sealedLocation);
    expect(browserTabSchema.parse({ ...sealedTab, index: 0 }).url).toBe("");

    const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message);
    expect(messages(tabSnapshotSchema.safeParse({ ...sealedTab, url: location.url }))).toEqual(["A tab with a sealedLocation has an empty url and title and no favicon"]);
    expect(messages(browserTabSchema.safeParse({ ...sealedTab, index: 0, title: location.title }))).toEqual(["A tab with a sealedLocation has an empty url and title and no favicon"]);
    expect(messages(tabSnapshotSchema.safeParse({ ...sealedTab, faviconUrl: location.faviconUrl }))).toEqual(["A tab with a sealedLocation has an empty url and title and no favicon"]);
    expect(messages(tabSnapshotSchema.safeParse({ url: "" }))).toEqual(["A tab needs a url"]);
    expect(messages(tabSnapshotSchema.safeParse({ url: "file:///etc/passwd" }))).toEqual(["Only http and https URLs can be backed up"]);
    expect(messages(tabSnapshotSchema.safeParse({ url: "", title: "", sealedLocation: "tv1.not-sealed" }))).toEqual(["sealedLocation is not a sealed value"]);
  });
});

describe("sealed form entries bound to their page (decision 220)", () => {
  /** Form entries as sealed before decision 220: `tv1.`, the purpose alone as additional data. */
  async function sealedTheOldWay(key: CryptoKey, formData: Record<string, string>): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const additionalData = new TextEncoder().encode("tabvault:form-data:v1");
    const ciphertext = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData }, key, new TextEncoder().encode(JSON.stringify(formData)));
    return `tv1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
  }

  it("opens only for the page it was sealed for: moved onto another page, it fails loudly", async () => {
    const key = await backupKeyFrom((await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS)).rawKey);
    const sealed = await sealFormData(key, form, "https://bank.example/transfer");
    expect(sealed.startsWith("tv2.")).toBe(true);
    expect(sealed).toMatch(sealedTextPattern);
    expect(await openFormData(key, sealed, "https://bank.example/transfer")).toEqual(form);
    // The fragment is not part of the page: a restore hand-off adds one.
    expect(await openFormData(key, sealed, "https://bank.example/transfer#tabvault-restore=x")).toEqual(form);
    expect(formPageOf("https://bank.example/transfer#x")).toBe("https://bank.example/transfer");
    await expect(openFormData(key, sealed, "https://evil.example/transfer")).rejects.toBeInstanceOf(SealedElsewhereError);
    await expect(openFormData(key, sealed, "https://bank.example/transfer?to=mallory")).rejects.toBeInstanceOf(SealedElsewhereError);
    // Relabelled as an unbound value, it still does not open: the additional data differs.
    await expect(openFormData(key, `tv1.${sealed.slice(4)}`, "https://evil.example/")).rejects.toBeInstanceOf(SealedElsewhereError);
  });

  it("keeps what was sealed before it readable: tv1 form entries open, unbound", async () => {
    const key = await backupKeyFrom((await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS)).rawKey);
    const old = await sealedTheOldWay(key, form);
    expect(formDataSchema.parse(asSealedFormData(old))).toEqual(asSealedFormData(old));
    expect(await openFormData(key, old, page)).toEqual(form);
    // A tv1 value relabelled tv2 does not open either.
    await expect(openFormData(key, `tv2.${old.slice(4)}`, page)).rejects.toBeInstanceOf(SealedElsewhereError);
  });
});
