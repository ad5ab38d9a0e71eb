import { describe, expect, it } from "vitest";
import { backupKeyFrom, LabelMovedError, openLabel, sealLabel } from "../end-to-end-encryption";
import { tabGroupSchema } from "./browser-backups";
import { organiseBackupSchema, ORGANISE_LIMITS, tagSchema } from "./library-organise";
import { isSealedLabel, readableLabel, sealedLabelLength } from "./sealed-labels";

const key = () => backupKeyFrom(crypto.getRandomValues(new Uint8Array(32)));
const backupA = "3f1c1b8e-8a53-4b8e-9d55-1f0f3c1a2b01";
const backupB = "3f1c1b8e-8a53-4b8e-9d55-1f0f3c1a2b02";

describe("sealed labels (decision 237)", () => {
  it("open only for the backup and kind they were sealed for, and not under another account's key", async () => {
    const mine = await key();
    const sealed = await sealLabel(mine, "Tax return 2026", { kind: "backup-name", backupId: backupA });
    expect(isSealedLabel(sealed)).toBe(true);
    expect(await openLabel(mine, sealed, { kind: "backup-name", backupId: backupA })).toBe("Tax return 2026");
    await expect(openLabel(mine, sealed, { kind: "backup-name", backupId: backupB })).rejects.toBeInstanceOf(LabelMovedError);
    await expect(openLabel(mine, sealed, { kind: "note", backupId: backupA })).rejects.toBeInstanceOf(LabelMovedError);
    await expect(openLabel(await key(), sealed, { kind: "backup-name", backupId: backupA })).rejects.toBeInstanceOf(LabelMovedError);
    await expect(openLabel(mine, `tv1.${sealed.slice(4)}`, { kind: "backup-name", backupId: backupA })).rejects.toBeInstanceOf(LabelMovedError);
  });

  it("are padded: a one-letter title and a 60-letter one seal to the same length", async () => {
    const k = await key();
    const short = await sealLabel(k, "a", { kind: "group-title" });
    const long = await sealLabel(k, "a".repeat(60), { kind: "group-title" });
    expect(short.length).toBe(long.length);
  });

  it("fit their own cap at the longest plain value, control characters included", async () => {
    const k = await key();
    const note = await sealLabel(k, "\u0001".repeat(ORGANISE_LIMITS.noteLength), { kind: "note", backupId: backupA });
    expect(note.length).toBeLessThanOrEqual(sealedLabelLength(ORGANISE_LIMITS.noteLength));
    expect(organiseBackupSchema.safeParse({ note }).success).toBe(true);
  });

  it("pass the contracts as sent, never lower-cased; broken or oversized ones are refused with a message", async () => {
    const k = await key();
    const tag = await sealLabel(k, "Work", { kind: "tag", backupId: backupA });
    expect(tagSchema.parse(tag)).toBe(tag);
    expect(tagSchema.parse("  Work ")).toBe("work");
    const broken = tagSchema.safeParse("tv2.not-sealed");
    expect(broken.success ? null : broken.error.issues[0]?.message).toBe("This tag looks encrypted but is not a sealed value");
    const oversized = tabGroupSchema.safeParse({ groupId: 1, windowId: 1, title: `tv2.${"A".repeat(16)}.${"B".repeat(4000)}` });
    expect(oversized.success ? null : oversized.error.issues[0]?.message).toMatch(/^An encrypted group title has at most \d+ characters$/);
    expect(tabGroupSchema.safeParse({ groupId: 1, windowId: 1, title: "x".repeat(201) }).success).toBe(false);
  });

  it("are said to be encrypted where a server reader shows them", async () => {
    const sealed = await sealLabel(await key(), "Secret", { kind: "backup-name", backupId: backupA });
    expect(readableLabel(sealed)).toBe("Encrypted name");
    expect(readableLabel("Plain")).toBe("Plain");
  });
});
