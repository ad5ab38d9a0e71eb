import { describe, expect, it } from "vitest";
import { backupKeyFrom, keyIdOf, openLabel, sealLabel } from "@common/end-to-end-encryption";
import { LOCKED_LABEL, LockedLabelsError, matchesLabels, openLabels, sealOrganiseChange, UNREADABLE_LABEL } from "./label-sealing";

const key = () => backupKeyFrom(crypto.getRandomValues(new Uint8Array(32)));
const A = "8d0e3c52-7d3a-4b0f-9a55-000000000001";
const B = "8d0e3c52-7d3a-4b0f-9a55-000000000002";

describe("a backup's name, tags and note in the web app (decision 237)", () => {
  it("are sealed for their backup when the account seals titles and addresses, and nothing of them leaves plain", async () => {
    const k = await key();
    const sent = await sealOrganiseChange(A, { sessionName: " Tax return ", note: "Ask Anna", addTags: ["Finance"], removeTags: ["tv2.stored"] }, { sealsLocations: true, key: k });
    expect(JSON.stringify(sent)).not.toMatch(/Tax|Anna|Finance/);
    expect(await openLabel(k, sent.sessionName!, { kind: "backup-name", backupId: A })).toBe("Tax return");
    expect(await openLabel(k, sent.note!, { kind: "note", backupId: A })).toBe("Ask Anna");
    expect(await openLabel(k, sent.addTags![0]!, { kind: "tag", backupId: A })).toBe("Finance");
    expect(sent.removeTags).toEqual(["tv2.stored"]);
    expect(await sealOrganiseChange(A, { note: "" }, { sealsLocations: true, key: k })).toEqual({ note: "" });
  });

  it("go plain when the account does not seal, and are refused while locked; a pin alone needs no key", async () => {
    expect(await sealOrganiseChange(A, { sessionName: "Plain" }, { sealsLocations: false, key: null })).toEqual({ sessionName: "Plain" });
    await expect(sealOrganiseChange(A, { addTags: ["x"] }, { sealsLocations: true, key: null })).rejects.toBeInstanceOf(LockedLabelsError);
    expect(await sealOrganiseChange(A, { pinned: true }, { sealsLocations: true, key: null })).toEqual({ pinned: true });
  });

  it("are shown opened with the key, Locked without it, and refused when the server moved them onto another backup", async () => {
    const k = await key();
    const sealed = await sealOrganiseChange(A, { sessionName: "Tax return", note: "Ask Anna", addTags: ["Finance"] }, { sealsLocations: true, key: k });
    const stored = { id: A, sessionName: sealed.sessionName!, tags: [...sealed.addTags!, "plain"], note: sealed.note! };
    const opened = await openLabels(stored, k);
    expect(opened).toMatchObject({ sessionName: "Tax return", tags: ["Finance", "plain"], note: "Ask Anna", storedTags: stored.tags, labelsLocked: false });
    expect(matchesLabels(opened, "anna finance")).toBe(true);
    expect(matchesLabels(opened, "anna holiday")).toBe(false);
    expect(await openLabels(stored, null)).toMatchObject({ sessionName: LOCKED_LABEL, tags: [LOCKED_LABEL, "plain"], note: LOCKED_LABEL, labelsLocked: true });
    expect((await openLabels({ ...stored, id: B }, k)).sessionName).toBe(UNREADABLE_LABEL);
    expect((await openLabels({ ...stored, sessionName: await sealLabel(await key(), "x", { kind: "backup-name", backupId: A }) }, k)).sessionName).toBe(UNREADABLE_LABEL);
  });

  it("re-sealed by a key rotation (tv3.<key id>., decision 239) they are still taken as sealed: opened with the key, Locked without it", async () => {
    const k = await key();
    const keyId = await keyIdOf(k);
    const stored = { id: A, sessionName: await sealLabel(k, "Tax return", { kind: "backup-name", backupId: A }, keyId), tags: [await sealLabel(k, "finance", { kind: "tag", backupId: A }, keyId)], note: null };
    expect(stored.sessionName.startsWith(`tv3.${keyId}.`)).toBe(true);
    expect(await openLabels(stored, k)).toMatchObject({ sessionName: "Tax return", tags: ["finance"], labelsLocked: false });
    expect(await openLabels(stored, null)).toMatchObject({ sessionName: LOCKED_LABEL, tags: [LOCKED_LABEL], labelsLocked: true });
    expect((await openLabels({ ...stored, id: B }, k)).sessionName).toBe(UNREADABLE_LABEL);
  });
});
